// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoStaking} from "../src/EternoStaking.sol";
import {LockLedger} from "../src/LockLedger.sol";
import {Fixture} from "./utils/Fixture.sol";

/// @notice Burns all the gas it is given (a callee that runs out of gas).
contract GasBurner {
    uint256 private _sink;

    function burn() external {
        while (true) {
            _sink = uint256(keccak256(abi.encode(_sink, gasleft())));
        }
    }
}

/// @notice A stand-in ledger for the pool's reward credit: it runs out of gas itself, runs a sub-call out of gas
///         (the pool gets back more than 1/64), or refuses with an error.
contract MisbehavingLedger {
    enum Mode {
        Burn,
        BurnNested,
        Refuse
    }

    IERC20 public immutable ETRO;
    GasBurner private immutable BURNER = new GasBurner();
    Mode public mode;

    error Refused();

    constructor(IERC20 etro) {
        ETRO = etro;
    }

    function MAX_REVOCABLE() external pure returns (uint256) {
        return 16;
    }

    function setMode(Mode mode_) external {
        mode = mode_;
    }

    function credit(address, uint256, uint256) external {
        if (mode == Mode.Refuse) revert Refused();
        if (mode == Mode.BurnNested) BURNER.burn();
        else while (true) {
            BURNER.burn();
        }
    }
}

/// @notice Fixed-term staking in both pools: orders, rates, reserve accounting, leaving, accrual.
contract EternoStakingTest is Fixture {
    address private alice = address(0xA11CE);
    address private bob = address(0xB0B);
    uint256 private aliceEulp;

    event Staked(
        uint256 indexed id,
        address indexed owner,
        uint256 amount,
        uint256 lockDays,
        uint256 rateBps,
        uint256 reward,
        uint256 base
    );
    event Unstaked(
        uint256 indexed id, address indexed owner, uint256 amount, uint256 reward, uint256 forfeited, bool early
    );
    event RewardPending(uint256 indexed id, address indexed owner, uint256 reward);

    function setUp() public {
        vm.warp(1_000_000);
        deployAmm();
        deployLedgerAndSwap();
        deployStaking();
        give(etro, alice, 1_000_000e18);
        give(etro, bob, 100_000e18);
        aliceEulp = giveEulp(alice, 20_000e18);
        vm.startPrank(alice);
        etro.approve(address(stakingEtro), type(uint256).max);
        eulp.approve(address(stakingEulp), type(uint256).max);
        vm.stopPrank();
        vm.prank(bob);
        etro.approve(address(stakingEtro), type(uint256).max);
    }

    /// @dev Calls enterStaking_{lockDays}(amount) on `pool` as `who`.
    function _enter(EternoStaking pool, address who, uint256 lockDays, uint256 amount) private returns (uint256 id) {
        vm.prank(who);
        if (lockDays == 30) return pool.enterStaking_30(amount);
        if (lockDays == 60) return pool.enterStaking_60(amount);
        if (lockDays == 90) return pool.enterStaking_90(amount);
        if (lockDays == 120) return pool.enterStaking_120(amount);
        if (lockDays == 150) return pool.enterStaking_150(amount);
        if (lockDays == 180) return pool.enterStaking_180(amount);
        if (lockDays == 210) return pool.enterStaking_210(amount);
        return pool.enterStaking_360(amount);
    }

    function test_DefaultsOfBothPools() public view {
        uint16[8] memory periods = stakingEtro.lockPeriods();
        uint16[8] memory expected = [30, 60, 90, 120, 150, 180, 210, 360];
        uint256[8] memory rates = stakingEtro.rates();
        uint256[8] memory expectedRates = [uint256(100), 250, 400, 600, 800, 1000, 1200, 2400];
        for (uint256 i = 0; i < 8; i++) {
            assertEq(uint256(periods[i]), uint256(expected[i]), "period");
            assertEq(rates[i], expectedRates[i], "rate");
            assertEq(stakingEtro.rateBps(expected[i]), expectedRates[i], "rateBps");
        }
        assertEq(address(stakingEtro.STAKE_TOKEN()), address(etro), "ETRO pool stakes ETRO");
        assertEq(address(stakingEulp.STAKE_TOKEN()), address(eulp), "EULP pool stakes EULP");
        assertEq(address(stakingEulp.REWARD_TOKEN()), address(etro), "rewards in ETRO");
        assertEq(uint256(stakingEtro.ACCRUAL()), uint256(EternoStaking.Accrual.Daily), "ETRO pool accrues daily");
        assertEq(uint256(stakingEulp.ACCRUAL()), uint256(EternoStaking.Accrual.PerSecond), "EULP by the second");
        assertEq(stakingEtro.minStakeAmount(), 100e18, "ETRO minimum");
        assertEq(uint256(stakingEtro.rewardReleaseDuration()), 30 days, "release duration");
        assertEq(stakingEtro.rewardReserve(), STAKE_RESERVE, "reserve funded");
        assertTrue(stakingEtro.earlyExitAllowed(), "early exit allowed");
    }

    function test_EachOfTheEightPeriodsMakesAnOrder() public {
        uint16[8] memory periods = stakingEtro.lockPeriods();
        for (uint256 i = 0; i < 8; i++) {
            uint256 id = _enter(stakingEtro, alice, periods[i], 1000e18);
            assertEq(id, i + 1, "ids count from 1");
            EternoStaking.Order memory o = stakingEtro.orders(id);
            assertEq(o.owner, alice, "owner");
            assertEq(uint256(o.amount), 1000e18, "amount");
            assertEq(uint256(o.stakingTime), block.timestamp, "stakingTime");
            assertEq(uint256(o.lockTime), uint256(periods[i]) * 1 days, "lockTime in seconds");
            assertFalse(o.unstaked, "not unstaked");
            assertEq(uint256(o.rateBps), stakingEtro.rateBps(periods[i]), "rate fixed at entry");
            assertEq(uint256(o.reward), 1000e18 * uint256(o.rateBps) / 10_000, "full-term reward");
        }
        (uint256[] memory ids, EternoStaking.Order[] memory list) = stakingEtro.ordersOf(alice);
        assertEq(ids.length, 8, "eight orders");
        assertEq(list.length, 8, "eight records");
        assertEq(uint256(list[7].lockTime), 360 days, "last is the 360-day order");
        assertEq(stakingEtro.orderIdsOf(alice)[3], 4, "ids in order");
        assertEq(stakingEtro.totalStaked(), 8000e18, "total staked");
        assertEq(etro.balanceOf(address(stakingEtro)), STAKE_RESERVE + 8000e18, "principal held beside the reserve");
    }

    function test_EnterEmitsStaked() public {
        vm.expectEmit(address(stakingEtro));
        emit Staked(1, alice, 2000e18, 90, 400, 80e18, 0);
        _enter(stakingEtro, alice, 90, 2000e18);
        assertEq(stakingEtro.committedRewards(), 80e18, "reward committed");
        assertEq(stakingEtro.availableRewards(), STAKE_RESERVE - 80e18, "available shrinks");
    }

    function test_EnterRejectsBelowMinimumAndZero() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.BelowMinimum.selector, 99e18, 100e18));
        stakingEtro.enterStaking_30(99e18);
        vm.prank(alice);
        vm.expectRevert(EternoStaking.ZeroAmount.selector);
        stakingEtro.enterStaking_30(0);
        stakingEtro.setMinStakeAmount(50e18);
        _enter(stakingEtro, alice, 30, 50e18);
        assertEq(stakingEtro.totalStaked(), 50e18, "new minimum accepted");
    }

    function test_EnterRefusedWhenTheReserveCannotCoverTheReward() public {
        stakingEtro.withdrawRewards(address(this), STAKE_RESERVE - 100e18);
        // 360 days at 24 %: 10,000 ETRO needs 2,400 ETRO of reward; 100 are available.
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.InsufficientRewardReserve.selector, 2400e18, 100e18));
        stakingEtro.enterStaking_360(10_000e18);
        _enter(stakingEtro, alice, 30, 10_000e18);
        assertEq(stakingEtro.availableRewards(), 0, "exactly covered");
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.InsufficientRewardReserve.selector, 1e18, 0));
        stakingEtro.enterStaking_30(100e18);
    }

    function test_LeaveAfterTheLockReturnsPrincipalAndLocksTheReward() public {
        uint256 id = _enter(stakingEtro, alice, 30, 10_000e18);
        uint256 before = etro.balanceOf(alice);
        vm.warp(block.timestamp + 30 days);
        (uint256 principal, uint256 reward, uint256 forfeited, bool early, uint256 unlockTime) = stakingEtro.quoteLeave(id);
        assertEq(principal, 10_000e18, "quote principal");
        assertEq(reward, 100e18, "quote reward: 1 %");
        assertEq(forfeited, 0, "nothing forfeited");
        assertFalse(early, "not early");
        assertEq(unlockTime, block.timestamp, "unlocks now");

        vm.expectEmit(address(stakingEtro));
        emit Unstaked(id, alice, 10_000e18, 100e18, 0, false);
        vm.prank(alice);
        stakingEtro.leaveStaking(id);

        assertEq(etro.balanceOf(alice) - before, 10_000e18, "principal back, reward not in the wallet");
        assertEq(ledger.locked(alice), 100e18, "reward in the lock balance");
        (, uint256 last) = ledger.releaseTimesOf(alice);
        assertEq(last, block.timestamp + REWARD_RELEASE, "released over the release duration");
        assertTrue(stakingEtro.orders(id).unstaked, "marked unstaked");
        assertEq(stakingEtro.rewardReserve(), STAKE_RESERVE - 100e18, "reserve paid the reward");
        assertEq(stakingEtro.committedRewards(), 0, "nothing committed");
        assertEq(stakingEtro.totalStaked(), 0, "nothing staked");
        assertEq(etro.balanceOf(address(stakingEtro)), STAKE_RESERVE - 100e18, "contract holds the reserve only");

        vm.warp(block.timestamp + REWARD_RELEASE);
        vm.prank(alice);
        ledger.claim();
        assertEq(etro.balanceOf(alice) - before, 10_097e18, "reward claimable after its release, less the 3 % fee");
    }

    function test_LeaveEarlyReturnsPrincipalAndForfeitsTheReward() public {
        uint256 id = _enter(stakingEtro, alice, 180, 5000e18);
        uint256 before = etro.balanceOf(alice);
        vm.warp(block.timestamp + 179 days);
        (uint256 principal, uint256 reward, uint256 forfeited, bool early,) = stakingEtro.quoteLeave(id);
        assertEq(principal, 5000e18, "principal quoted");
        assertEq(reward, 0, "no reward quoted");
        assertEq(forfeited, 500e18, "the whole 10 % forfeited");
        assertTrue(early, "early");
        vm.expectEmit(address(stakingEtro));
        emit Unstaked(id, alice, 5000e18, 0, 500e18, true);
        vm.prank(alice);
        stakingEtro.leaveStaking(id);
        assertEq(etro.balanceOf(alice) - before, 5000e18, "principal in full");
        assertEq(ledger.credited(alice), 0, "no reward credited");
        assertEq(stakingEtro.committedRewards(), 0, "commitment released");
        assertEq(stakingEtro.rewardReserve(), STAKE_RESERVE, "reserve untouched");
    }

    function test_AnOrderLeavesOnce() public {
        uint256 id = _enter(stakingEtro, alice, 30, 1000e18);
        vm.warp(block.timestamp + 31 days);
        vm.prank(alice);
        stakingEtro.leaveStaking(id);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.AlreadyUnstaked.selector, id));
        stakingEtro.leaveStaking(id);
        (uint256 principal, uint256 reward, uint256 forfeited,,) = stakingEtro.quoteLeave(id);
        assertEq(principal + reward + forfeited, 0, "nothing left to quote");
        assertEq(stakingEtro.earnedReward(id), 0, "nothing earned after leaving");
    }

    function test_OnlyTheOwnerLeavesAndUnknownOrdersRevert() public {
        uint256 id = _enter(stakingEtro, alice, 30, 1000e18);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.NotOrderOwner.selector, id, bob, alice));
        stakingEtro.leaveStaking(id);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.UnknownOrder.selector, 99));
        stakingEtro.leaveStaking(99);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.UnknownOrder.selector, 0));
        stakingEtro.orders(0);
    }

    function test_EtroPoolAccruesInWholeDays() public {
        uint256 id = _enter(stakingEtro, alice, 30, 30_000e18);
        // full reward 300 ETRO: 10 ETRO a day
        vm.warp(block.timestamp + 1 days - 1);
        assertEq(stakingEtro.earnedReward(id), 0, "nothing before the first day ends");
        vm.warp(block.timestamp + 1);
        assertEq(stakingEtro.earnedReward(id), 10e18, "one day");
        vm.warp(block.timestamp + 12 hours);
        assertEq(stakingEtro.earnedReward(id), 10e18, "still one day");
        vm.warp(block.timestamp + 60 days);
        assertEq(stakingEtro.earnedReward(id), 300e18, "capped at the full term");
    }

    function test_EulpBaseReleasesBySecondAndTheBonusComesAtTheUnlock() public {
        uint256 amount = aliceEulp;
        uint256 id = _enter(stakingEulp, alice, 60, amount);
        uint256 full = amount * 250 / 10_000;
        // The base is the 30-day rate over 60 days: 2 % of the amount; the bonus (0.5 %) waits for the unlock.
        uint256 base = amount * 100 * 60 / (30 * 10_000);
        assertEq(stakingEulp.baseReward(id), base, "base: the shortest period's rate over the lock");
        assertEq(ledger.credited(alice), base, "the base enters the lock balance at entry");
        assertEq(stakingEulp.committedRewards(), full - base, "the bonus stays committed in the reserve");
        assertEq(uint256(stakingEulp.orders(id).baseRateBps), 100, "the base rate snapshotted");
        assertEq(stakingEulp.runningOrdersOf(alice), 1, "one order running");
        vm.warp(block.timestamp + 1 days + 12 hours);
        assertEq(stakingEulp.earnedReward(id), base * (36 hours) / (60 days), "by the second");
        assertEq(ledger.released(alice), base * (36 hours) / (60 days), "released in the ledger by the second");
        vm.warp(block.timestamp + 1);
        assertEq(ledger.released(alice), base * (36 hours + 1) / (60 days), "one second later");
        vm.warp(block.timestamp + 59 days);
        (, uint256 quoted, uint256 forfeited, bool early,) = stakingEulp.quoteLeave(id);
        assertFalse(early, "unlocked");
        assertEq(quoted, full, "the whole reward");
        assertEq(forfeited, 0, "nothing forfeited");
        vm.expectEmit(address(stakingEulp));
        emit Unstaked(id, alice, amount, full, 0, false);
        vm.prank(alice);
        stakingEulp.leaveStaking(id);
        assertEq(eulp.balanceOf(alice), amount, "EULP back");
        assertEq(ledger.credited(alice), full, "the base and the bonus in the lock balance");
        assertEq(ledger.released(alice), full, "all released: the bonus is claimable at once");
        assertEq(etro.balanceOf(address(stakingEulp)), STAKE_RESERVE - full, "reserve paid");
        assertEq(stakingEulp.committedRewards(), 0, "nothing committed");
        assertEq(stakingEulp.runningOrdersOf(alice), 0, "none running");
    }

    function test_EulpEarlyLeaveKeepsTheBaseReleasedAndForfeitsTheRest() public {
        uint256 amount = aliceEulp;
        uint256 id = _enter(stakingEulp, alice, 30, amount);
        uint256 full = amount * 100 / 10_000;
        assertEq(stakingEulp.baseReward(id), full, "a 30-day order: the base is the whole reward");
        vm.warp(block.timestamp + 10 days);
        (uint256 principal, uint256 quoted, uint256 forfeited, bool early,) = stakingEulp.quoteLeave(id);
        assertTrue(early, "early");
        assertEq(principal, amount, "principal quoted");
        assertEq(quoted, full / 3, "the released third is kept");
        assertEq(forfeited, full - full / 3, "the rest is forfeited");
        vm.expectEmit(address(stakingEulp));
        emit Unstaked(id, alice, amount, full / 3, full - full / 3, true);
        vm.prank(alice);
        stakingEulp.leaveStaking(id);
        assertEq(eulp.balanceOf(alice), amount, "EULP back");
        assertEq(ledger.credited(alice), full / 3, "the unreleased part left the lock balance");
        assertEq(stakingEulp.rewardReserve(), STAKE_RESERVE - full / 3, "and went back to the reserve");
        assertEq(etro.balanceOf(address(stakingEulp)), stakingEulp.rewardReserve(), "reserve == ETRO held");
    }

    /// @notice M-4: a 360-day order left after 30 days keeps what the 30-day order earns, not twice that.
    function test_EulpLongOrderLeftEarlyKeepsNoMoreThanTheShortestRate() public {
        uint256 amount = aliceEulp / 2;
        uint256 longId = _enter(stakingEulp, alice, 360, amount);
        uint256 shortId = _enter(stakingEulp, alice, 30, amount);
        assertEq(stakingEulp.baseReward(longId), amount * 100 * 360 / (30 * 10_000), "12 % releasing over 360 days");
        vm.warp(block.timestamp + 30 days);
        (, uint256 longKept, uint256 longForfeited,,) = stakingEulp.quoteLeave(longId);
        (, uint256 shortKept,,,) = stakingEulp.quoteLeave(shortId);
        assertEq(shortKept, amount * 100 / 10_000, "the 30-day order: 1 %");
        assertEq(longKept, shortKept, "the 360-day order left on day 30: the same 1 %");
        assertEq(longForfeited, amount * 2400 / 10_000 - longKept, "the rest of its 24 % forfeited");
        vm.startPrank(alice);
        stakingEulp.leaveStaking(longId);
        stakingEulp.leaveStaking(shortId);
        vm.stopPrank();
        assertEq(ledger.credited(alice), 2 * shortKept, "each kept 1 %");
    }

    /// @notice The M-4 rule as a property: an order of any period left at any time keeps no more than the
    ///         shortest period's rate by the second over the time served, and at or after the unlock its full
    ///         reward.
    function testFuzz_EulpEarlyLeaveNeverBeatsTheShortestRate(uint256 amount, uint256 periodIndex, uint256 elapsed)
        public
    {
        amount = bound(amount, 1e18, aliceEulp);
        uint256 lockDays = stakingEulp.lockPeriods()[bound(periodIndex, 0, 7)];
        elapsed = bound(elapsed, 0, 400 days);
        uint256 id = _enter(stakingEulp, alice, lockDays, amount);
        uint256 full = amount * stakingEulp.rateBps(lockDays) / 10_000;
        vm.warp(block.timestamp + elapsed);
        vm.prank(alice);
        stakingEulp.leaveStaking(id);
        uint256 kept = ledger.credited(alice);
        if (elapsed >= lockDays * 1 days) {
            assertEq(kept, full, "the full reward at or after the unlock");
        } else {
            uint256 chain = amount * stakingEulp.rateBps(30) * elapsed / (30 days * 10_000);
            assertLe(kept, chain, "never more than a chain of 30-day orders by the second");
            assertLe(kept, full, "nor more than the order's own reward");
        }
        assertEq(eulp.balanceOf(alice), aliceEulp, "principal back");
        assertEq(stakingEulp.rewardReserve(), STAKE_RESERVE - kept, "the reserve paid only what was kept");
        assertEq(stakingEulp.committedRewards(), 0, "nothing left committed");
    }

    function test_EulpRefusesASeventeenthRunningOrder() public {
        uint256 cap = stakingEulp.MAX_RUNNING_ORDERS();
        assertEq(cap, 16, "the ledger's revocable table");
        for (uint256 i = 0; i < cap; i++) {
            _enter(stakingEulp, alice, 30, 1e18);
        }
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.TooManyRunningOrders.selector, alice, cap));
        stakingEulp.enterStaking_30(1e18);
        vm.prank(alice);
        stakingEulp.leaveStaking(1);
        _enter(stakingEulp, alice, 30, 1e18);
        // Orders that reached their unlock but did not leave still count; once they leave, room again.
        vm.warp(block.timestamp + 31 days);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.TooManyRunningOrders.selector, alice, cap));
        stakingEulp.enterStaking_30(1e18);
        vm.prank(alice);
        stakingEulp.leaveStaking(2);
        _enter(stakingEulp, alice, 30, 1e18);
        assertEq(stakingEulp.runningOrdersOf(alice), cap, "full again");
    }

    function test_LeaveReturnsPrincipalWhenTheLedgerRefusesTheReward() public {
        uint256 id = _enter(stakingEtro, alice, 30, 10_000e18);
        ledger.removeWriter(address(stakingEtro));
        vm.warp(block.timestamp + 30 days);
        uint256 before = etro.balanceOf(alice);
        vm.expectEmit(address(stakingEtro));
        emit RewardPending(id, alice, 100e18);
        vm.prank(alice);
        stakingEtro.leaveStaking(id);
        assertEq(etro.balanceOf(alice) - before, 10_000e18, "principal back although the ledger refused");
        assertEq(stakingEtro.pendingReward(id), 100e18, "reward kept pending");
        assertEq(stakingEtro.committedRewards(), 100e18, "still committed");
        assertEq(stakingEtro.availableRewards(), STAKE_RESERVE - 100e18, "not withdrawable");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotWriter.selector, address(stakingEtro)));
        stakingEtro.retryReward(id);

        ledger.proposeWriter(address(stakingEtro), LockLedger.Kind.Stake);
        vm.warp(block.timestamp + ledger.WRITER_DELAY());
        ledger.executeWriter(address(stakingEtro));
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.NotOrderOwner.selector, id, bob, alice));
        stakingEtro.retryReward(id);
        vm.prank(alice);
        stakingEtro.retryReward(id);
        assertEq(ledger.credited(alice), 100e18, "credited on retry");
        assertEq(stakingEtro.pendingReward(id), 0, "nothing pending");
        assertEq(stakingEtro.committedRewards(), 0, "nothing committed");
        assertEq(stakingEtro.rewardReserve(), STAKE_RESERVE - 100e18, "reserve paid once");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.NoPendingReward.selector, id));
        stakingEtro.retryReward(id);
    }

    /// @notice H-1: the early revocation is a direct call; the ledger lets a removed writer revoke its own
    ///         entries, so the owner removing the pool cannot freeze principal nor hand the reward out.
    function test_EulpEarlyLeaveStillRevokesWhenThePoolWasRemovedAsAWriter() public {
        uint256 amount = aliceEulp;
        uint256 id = _enter(stakingEulp, alice, 30, amount);
        uint256 full = amount * 100 / 10_000;
        ledger.removeWriter(address(stakingEulp));
        vm.warp(block.timestamp + 10 days);
        vm.prank(alice);
        stakingEulp.leaveStaking(id);
        assertEq(eulp.balanceOf(alice), amount, "EULP back");
        assertEq(ledger.credited(alice), full / 3, "only the released third stays with the staker");
        assertEq(stakingEulp.rewardReserve(), STAKE_RESERVE - full / 3, "the rest is back in the reserve");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotWriter.selector, address(stakingEulp)));
        stakingEulp.enterStaking_30(1e18);
    }

    function test_EulpBonusGoesPendingWhenTheLedgerRefusesIt() public {
        uint256 amount = aliceEulp;
        uint256 id = _enter(stakingEulp, alice, 90, amount);
        uint256 base = stakingEulp.baseReward(id);
        uint256 bonus = amount * 400 / 10_000 - base;
        ledger.removeWriter(address(stakingEulp));
        vm.warp(block.timestamp + 90 days);
        vm.expectEmit(address(stakingEulp));
        emit RewardPending(id, alice, bonus);
        vm.prank(alice);
        stakingEulp.leaveStaking(id);
        assertEq(eulp.balanceOf(alice), amount, "EULP back");
        assertEq(stakingEulp.pendingReward(id), bonus, "the bonus is pending");
        ledger.proposeWriter(address(stakingEulp), LockLedger.Kind.Stake);
        vm.warp(block.timestamp + ledger.WRITER_DELAY());
        ledger.executeWriter(address(stakingEulp));
        vm.prank(alice);
        stakingEulp.retryReward(id);
        assertEq(ledger.credited(alice), base + bonus, "the whole reward in the end");
        assertEq(ledger.claimable(alice), base + bonus, "the bonus claimable at once");
    }

    /// @notice H-1: a reward credit that ran out of gas (in the ledger itself or in a call it makes, where the
    ///         pool gets back more than 1/64 of the gas) reverts the whole leave; a real refusal goes pending.
    function test_ACreditThatRunsOutOfGasRevertsTheLeaveAndARefusalGoesPending() public {
        MisbehavingLedger bad = new MisbehavingLedger(etro);
        EternoStaking pool =
            new EternoStaking(etro, LockLedger(address(bad)), EternoStaking.Accrual.Daily, 1e18, 0, address(this));
        etro.approve(address(pool), 1000e18);
        pool.fundRewards(1000e18);
        vm.prank(alice);
        etro.approve(address(pool), type(uint256).max);
        uint256 id = _enter(pool, alice, 30, 1000e18);
        vm.warp(block.timestamp + 30 days);

        bad.setMode(MisbehavingLedger.Mode.Burn);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.LedgerOutOfGas.selector, id));
        pool.leaveStaking{gas: 3_000_000}(id);
        bad.setMode(MisbehavingLedger.Mode.BurnNested);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.LedgerOutOfGas.selector, id));
        pool.leaveStaking{gas: 3_000_000}(id);
        assertFalse(pool.orders(id).unstaked, "the leave was undone");

        bad.setMode(MisbehavingLedger.Mode.Refuse);
        vm.expectEmit(address(pool));
        emit RewardPending(id, alice, 10e18);
        vm.prank(alice);
        pool.leaveStaking{gas: 3_000_000}(id);
        assertEq(pool.pendingReward(id), 10e18, "a refusal keeps the reward pending");
    }

    function test_ReleaseDurationIsFixedAtEntry() public {
        uint256 id = _enter(stakingEtro, alice, 30, 10_000e18);
        assertEq(uint256(stakingEtro.orders(id).releaseDuration), REWARD_RELEASE, "stored in the order");
        stakingEtro.setRewardReleaseDuration(365 days);
        uint256 later = _enter(stakingEtro, alice, 30, 10_000e18);
        assertEq(uint256(stakingEtro.orders(later).releaseDuration), 365 days, "new orders get the new one");
        vm.warp(block.timestamp + 30 days);
        vm.prank(alice);
        stakingEtro.leaveStaking(id);
        (, uint256 last) = ledger.releaseTimesOf(alice);
        assertEq(last, block.timestamp + REWARD_RELEASE, "the old order keeps its duration");
    }

    function test_RateChangesApplyToNewOrdersOnly() public {
        uint256 first = _enter(stakingEtro, alice, 30, 1000e18);
        stakingEtro.setRate(30, 500);
        uint256 second = _enter(stakingEtro, alice, 30, 1000e18);
        assertEq(uint256(stakingEtro.orders(first).reward), 10e18, "old rate kept");
        assertEq(uint256(stakingEtro.orders(second).reward), 50e18, "new rate");
    }

    function test_SettersAreCheckedAndOwnerOnly() public {
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.UnknownLockPeriod.selector, 45));
        stakingEtro.setRate(45, 100);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.UnknownLockPeriod.selector, 45));
        stakingEtro.rateBps(45);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.RateTooHigh.selector, 10_001, 10_000));
        stakingEtro.setRate(30, 10_001);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.ReleaseTooLong.selector, 366 days, 365 days));
        stakingEtro.setRewardReleaseDuration(366 days);
        stakingEtro.setRewardReleaseDuration(0);
        assertEq(uint256(stakingEtro.rewardReleaseDuration()), 0, "release duration set");

        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        stakingEtro.setRate(30, 1);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        stakingEtro.setMinStakeAmount(1);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        stakingEtro.setRewardReleaseDuration(1);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        stakingEtro.withdrawRewards(alice, 1);
        vm.stopPrank();
    }

    function test_ZeroReleaseDurationMakesTheRewardClaimableAtOnce() public {
        stakingEtro.setRewardReleaseDuration(0);
        uint256 id = _enter(stakingEtro, alice, 30, 1000e18);
        vm.warp(block.timestamp + 30 days);
        vm.prank(alice);
        stakingEtro.leaveStaking(id);
        assertEq(ledger.claimable(alice), 10e18, "claimable at once");
    }

    function test_OwnerWithdrawsOnlyTheUncommittedReserve() public {
        _enter(stakingEtro, alice, 360, 1_000_000e18);
        uint256 committed = stakingEtro.committedRewards();
        assertEq(committed, 240_000e18, "24 % of 1,000,000");
        vm.expectRevert(
            abi.encodeWithSelector(
                EternoStaking.InsufficientRewardReserve.selector, STAKE_RESERVE - committed + 1, STAKE_RESERVE - committed
            )
        );
        stakingEtro.withdrawRewards(address(this), STAKE_RESERVE - committed + 1);
        uint256 before = etro.balanceOf(address(this));
        stakingEtro.withdrawRewards(address(this), STAKE_RESERVE - committed);
        assertEq(etro.balanceOf(address(this)) - before, STAKE_RESERVE - committed, "withdrawn");
        assertEq(stakingEtro.rewardReserve(), committed, "reserve == committed");
        vm.expectRevert(EternoStaking.ZeroAddress.selector);
        stakingEtro.withdrawRewards(address(0), 0);
    }

    function test_AnyoneFundsTheReserve() public {
        vm.prank(bob);
        etro.approve(address(stakingEulp), 500e18);
        vm.prank(bob);
        stakingEulp.fundRewards(500e18);
        assertEq(stakingEulp.rewardReserve(), STAKE_RESERVE + 500e18, "reserve grew");
        vm.expectRevert(EternoStaking.ZeroAmount.selector);
        stakingEulp.fundRewards(0);
    }

    function test_ConstructorChecks() public {
        vm.expectRevert(EternoStaking.ZeroAddress.selector);
        new EternoStaking(IERC20(address(0)), ledger, EternoStaking.Accrual.Daily, 1, 0, address(this));
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.ReleaseTooLong.selector, 366 days, 365 days));
        new EternoStaking(etro, ledger, EternoStaking.Accrual.Daily, 1, 366 days, address(this));
    }

    function testFuzz_EnterAndLeave(uint256 amount, uint256 periodIndex, uint256 elapsed, bool eulpPool) public {
        EternoStaking pool = eulpPool ? stakingEulp : stakingEtro;
        IERC20 token = eulpPool ? eulp : etro;
        amount = bound(amount, pool.minStakeAmount(), eulpPool ? aliceEulp : 1_000_000e18);
        uint256 lockDays = pool.lockPeriods()[bound(periodIndex, 0, 7)];
        elapsed = bound(elapsed, 0, 400 days);
        uint256 id = _enter(pool, alice, lockDays, amount);
        uint256 fullReward = amount * pool.rateBps(lockDays) / 10_000;
        uint256 tokenBefore = token.balanceOf(alice);

        vm.warp(block.timestamp + elapsed);
        uint256 earned = pool.earnedReward(id);
        assertLe(earned, fullReward, "earned <= full reward");
        vm.prank(alice);
        pool.leaveStaking(id);

        bool early = elapsed < lockDays * 1 days;
        // Daily: the reward only after the lock. Per second: what the base released by the leave.
        uint256 kept = early ? (eulpPool ? earned : 0) : fullReward;
        assertEq(token.balanceOf(alice) - tokenBefore, amount, "principal back exactly");
        assertEq(ledger.credited(alice), kept, "reward kept");
        if (!early) assertEq(earned, fullReward, "full reward earned at the end");
        assertEq(pool.committedRewards(), 0, "no commitment left");
        assertEq(pool.totalStaked(), 0, "no stake left");
        assertEq(pool.rewardReserve(), STAKE_RESERVE - kept, "reserve paid the kept reward only");
    }
}
