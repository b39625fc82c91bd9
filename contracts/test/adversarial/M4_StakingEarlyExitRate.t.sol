// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixture} from "../utils/Fixture.sol";

// Security review 2026-11, M-4 (MEDIUM), EternoStaking (EULP, per-second accrual):
//   "A long order left early keeps the long period's rate pro rata: a 360-day order left on day 30 earns 2x the
//    30-day order; the lock periods mean nothing and staking.md claims the opposite."
// The PoC: 10,000 EULP, 200 ETRO kept by the 360-day order left on day 30 vs 100 ETRO for the 30-day order.
//
// What this suite proves (the rule of DESIGN.md §5: an order of any period left early at t keeps no more than
// the shortest period's rate applied over t, and its full reward at or after its unlock):
//   - the PoC's scenario now keeps 100 ETRO for both orders, the rest of the 360-day order's 24 % is forfeited
//     and back in the reserve;
//   - at 180 days the 360-day order left early keeps 6 % (the 30-day rate over 180 days), not 12 %;
//   - the same property over every period, amount and time (fuzz), checked against a chain of 30-day orders.
contract M4StakingEarlyExitRateTest is Fixture {
    address private alice = address(0xA11CE);
    address private bob = address(0xB0B);
    uint256 private aliceEulp;

    function setUp() public {
        vm.warp(1_000_000);
        deployAmm();
        deployLedgerAndSwap();
        deployStaking();
        aliceEulp = giveEulp(alice, 40_000e18);
        giveEulp(bob, 40_000e18);
        vm.prank(alice);
        eulp.approve(address(stakingEulp), type(uint256).max);
        vm.prank(bob);
        eulp.approve(address(stakingEulp), type(uint256).max);
    }

    function test_360DayOrderLeftAfter30DaysKeepsNoMoreThanThe30DayOrder() public {
        uint256 amount = 10_000e18;
        vm.prank(alice);
        uint256 longId = stakingEulp.enterStaking_360(amount); // 24 % for 360 days
        vm.prank(bob);
        uint256 shortId = stakingEulp.enterStaking_30(amount); // 1 % for 30 days
        vm.warp(block.timestamp + 30 days);
        (, uint256 quotedKept, uint256 quotedForfeited, bool early,) = stakingEulp.quoteLeave(longId);
        assertTrue(early, "the 360-day order is still locked");
        vm.prank(alice);
        stakingEulp.leaveStaking(longId); // early
        vm.prank(bob);
        stakingEulp.leaveStaking(shortId); // on time
        uint256 aliceKept = ledger.credited(alice);
        uint256 bobKept = ledger.credited(bob);
        assertEq(eulp.balanceOf(alice), eulp.balanceOf(bob), "same principal back, both free after 30 days");
        assertEq(bobKept, amount * 100 / 10_000, "30-day order: 1 %");
        assertEq(aliceKept, bobKept, "the 360-day order left on day 30 keeps the same 1 %, not 2 %");
        assertEq(quotedKept, aliceKept, "as the leave screen said before signing");
        assertEq(quotedForfeited, amount * 2400 / 10_000 - aliceKept, "and the rest of 24 % forfeited");
        assertEq(stakingEulp.rewardReserve(), STAKE_RESERVE - aliceKept - bobKept, "the reserve paid only what was kept");
        assertEq(stakingEulp.committedRewards(), 0, "the forfeited bonus is free again");
    }

    function test_At180DaysTheLongOrderKeepsTheShortRateNotHalfItsOwn() public {
        uint256 amount = 10_000e18;
        vm.prank(alice);
        uint256 longId = stakingEulp.enterStaking_360(amount);
        vm.warp(block.timestamp + 180 days);
        vm.prank(alice);
        stakingEulp.leaveStaking(longId);
        assertEq(ledger.credited(alice), amount * 100 * 180 / (30 * 10_000), "6 % (1 % a month), not 12 %");
        assertLt(ledger.credited(alice), amount * 1000 / 10_000, "less than the 180-day order's 10 %");
    }

    function testFuzz_NoPeriodLeftEarlyBeatsTheShortestRate(uint256 amount, uint256 periodIndex, uint256 elapsed) public {
        amount = bound(amount, 1e18, aliceEulp);
        uint256 lockDays = stakingEulp.lockPeriods()[bound(periodIndex, 0, 7)];
        elapsed = bound(elapsed, 0, lockDays * 1 days + 30 days);
        vm.prank(alice);
        uint256 id = _enter(lockDays, amount);
        vm.warp(block.timestamp + elapsed);
        vm.prank(alice);
        stakingEulp.leaveStaking(id);
        uint256 kept = ledger.credited(alice);
        uint256 chain = amount * stakingEulp.rateBps(30) * elapsed / (30 days * 10_000);
        if (elapsed < lockDays * 1 days) assertLe(kept, chain, "early: no more than 30-day orders by the second");
        else assertEq(kept, amount * stakingEulp.rateBps(lockDays) / 10_000, "at or after the unlock: the full reward");
    }

    function _enter(uint256 lockDays, uint256 amount) private returns (uint256) {
        if (lockDays == 30) return stakingEulp.enterStaking_30(amount);
        if (lockDays == 60) return stakingEulp.enterStaking_60(amount);
        if (lockDays == 90) return stakingEulp.enterStaking_90(amount);
        if (lockDays == 120) return stakingEulp.enterStaking_120(amount);
        if (lockDays == 150) return stakingEulp.enterStaking_150(amount);
        if (lockDays == 180) return stakingEulp.enterStaking_180(amount);
        if (lockDays == 210) return stakingEulp.enterStaking_210(amount);
        return stakingEulp.enterStaking_360(amount);
    }
}
