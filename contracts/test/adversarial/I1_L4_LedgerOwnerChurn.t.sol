// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixture} from "../utils/Fixture.sol";

// Security review 2026-11:
//   I-1 (INFO) LockLedger MAX_STREAMS: "Each (kind, duration) is a stream; owner changes of vesting/release
//   durations can bring a user to 16 open streams -> swap/EULP stakes revert, daily rewards go pending, until the
//   user claims."
//   L-4 (LOW, centralisation), ledger part: "ledger owner raises the claim fee (<= 10 %) on ETRO already
//   released" (PoC test_LedgerClaimFeeRaisedOnAlreadyReleasedEtro: 5 % when released, 10 % at claim).
//
// What this suite proves (run with --isolate):
//   - I-1: after the owner changed the swap's vesting, the ETRO pool's release duration and the claim fees 40
//     times (each change between a user's buys and stakes, so that every buy and reward opened a new stream), a
//     swap, a stake in each pool and an ETRO-pool leave still go through, a claim of everything still runs, and
//     `claimStreams` claims any subset: there is no stream cap to reach, and claiming never needs more gas
//     than the user chooses to spend;
//   - L-4: raising the claim fees after a purchase and a reward were credited does not change what claiming
//     them costs (the PoC's scenario now charges 5 %, not 10 %), and a decrease applies to them at once.
contract I1L4LedgerOwnerChurnTest is Fixture {
    address private alice = address(0xA11CE);
    uint256 private aliceEulp;

    function setUp() public {
        vm.warp(1_000_000);
        deployAll();
        give(usdt, alice, 1_000_000e18);
        give(etro, alice, 1_000_000e18);
        aliceEulp = giveEulp(alice, 40_000e18);
        vm.startPrank(alice);
        usdt.approve(address(swapper), type(uint256).max);
        etro.approve(address(stakingEtro), type(uint256).max);
        eulp.approve(address(stakingEulp), type(uint256).max);
        vm.stopPrank();
    }

    function test_I1_OwnerChurnCannotBlockASwapAStakeOrAClaim() public {
        uint256[] memory etroOrders = new uint256[](40);
        for (uint256 i = 0; i < 40; i++) {
            swapper.setVestingDuration(1 hours + i);
            stakingEtro.setRewardReleaseDuration(1 days + i);
            ledger.setClaimFees(500 - i, 300 - i);
            vm.startPrank(alice);
            swapper.swap(100e18, 0, block.timestamp);
            etroOrders[i] = stakingEtro.enterStaking_30(100e18);
            vm.stopPrank();
        }
        vm.warp(block.timestamp + 30 days);
        for (uint256 i = 0; i < 40; i++) {
            vm.prank(alice);
            stakingEtro.leaveStaking(etroOrders[i]);
            assertEq(stakingEtro.pendingReward(etroOrders[i]), 0, "every reward credited, none pending");
        }
        uint256 streams = ledger.streamKeysOf(alice).length;
        assertGe(streams, 80, "80 streams: 40 swap vestings and 40 reward releases");

        // Still: a swap, a stake in each pool.
        vm.startPrank(alice);
        swapper.swap(100e18, 0, block.timestamp);
        stakingEtro.enterStaking_30(100e18);
        stakingEulp.enterStaking_30(aliceEulp / 2);
        vm.stopPrank();

        // A subset can always be claimed alone, and so can everything.
        uint256[] memory keys = ledger.streamKeysOf(alice);
        uint256[] memory some = new uint256[](3);
        some[0] = keys[0];
        some[1] = keys[1];
        some[2] = keys[2];
        vm.prank(alice);
        (uint256 subset,) = ledger.claimStreams(some);
        assertGt(subset, 0, "a subset claimed");
        (uint256 quoted,) = ledger.quoteClaim(alice);
        vm.prank(alice);
        uint256 g0 = gasleft();
        (uint256 claimed,) = ledger.claim();
        uint256 used = g0 - gasleft();
        assertEq(claimed, quoted, "the rest claimed");
        assertLt(used, 3_000_000, "a claim of ~80 streams fits comfortably in a block");
        emit log_named_uint("gas of a claim over the churned streams", used);
    }

    function test_L4_AFeeRaiseDoesNotTouchWhatWasCreditedBefore() public {
        vm.prank(alice);
        swapper.swap(10_000e18, 0, block.timestamp);
        vm.warp(block.timestamp + 2 days); // all released (24 h vesting): the fee is 5 %
        (uint256 amount, uint256 feeBefore) = ledger.quoteClaim(alice);
        ledger.setClaimFees(1000, 1000); // immediate, no delay
        (, uint256 feeAfter) = ledger.quoteClaim(alice);
        assertEq(feeBefore, amount * 500 / 10_000, "5 % when released");
        assertEq(feeAfter, feeBefore, "still 5 % after the raise: the raise applies to later entries only");

        // A purchase after the raise pays the new fee; the earlier one keeps its own.
        vm.prank(alice);
        uint256 out = swapper.swap(1_000e18, 0, block.timestamp);
        vm.warp(block.timestamp + 2 days);
        (uint256 both, uint256 fee) = ledger.quoteClaim(alice);
        assertEq(both, amount + out, "both purchases claimable");
        assertEq(fee, feeBefore + out * 1000 / 10_000, "the later purchase at 10 %");

        // A decrease applies to everything at once.
        ledger.setClaimFees(100, 100);
        vm.prank(alice);
        (uint256 claimed, uint256 charged) = ledger.claim();
        assertEq(claimed, amount + out, "claimed");
        assertEq(charged, amount * 100 / 10_000 + out * 100 / 10_000, "1 % on both");
        assertEq(etro.balanceOf(alice), 1_000_000e18 + claimed - charged, "received amount - fee");
    }

    event log_named_uint(string key, uint256 val);
}
