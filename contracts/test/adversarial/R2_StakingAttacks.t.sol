// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {EternoStaking} from "../../src/EternoStaking.sol";
import {EternoToken} from "../../src/EternoToken.sol";
import {LockLedger} from "../../src/LockLedger.sol";
import {Fixture} from "../utils/Fixture.sol";

// Session 9, second review (R2) of the redesigned EternoStaking (issue 18 / security review H-1, M-4): the attacks a
// staker or the owner would try on the pools, each asserting that it is REFUSED or gains nothing. Run with --isolate.
//   - every leave path (ETRO pool early / after the lock, EULP pool early / after the lock with a bonus / a 30-day
//     order with no bonus) under every gas limit from 21,000 to twice the lowest that succeeds: the leave either
//     reverts and changes nothing, or returns the principal and keeps exactly what `quoteLeave` said, never
//     "pending because of the gas";
//   - retryReward: refused while the ledger still refuses, to anyone but the order's owner, and a second time;
//   - the owner between a stake and its leave (rates, minimum, release duration, withdrawing the reserve): the
//     order keeps its terms, the owner reaches only the uncommitted reserve;
//   - the running-orders cap: nobody else fills my table; at the cap I can still leave every order (early or not)
//     and stake again; ledger claims that free and reuse revocable slots never make a leave revoke another order's
//     entry or revert;
//   - M-4 against owner rate changes: the base rate is the 30-day rate at entry, whatever the owner sets later; an
//     owner rate cut just before a pending stake (no minimum-rate argument) costs the staker no principal;
//   - a writer the owner adds can fill my revocable table (new EULP stakes refused) but cannot hold my principal;
//   - packing: an amount beyond uint96 (a huge approval) is refused, not truncated.

/// @notice A staker contract so that a test can choose the gas limit of its leaves; a probe is always undone.
contract GasLeaver {
    EternoStaking public immutable POOL;
    LockLedger public immutable LEDGER;
    IERC20 public immutable TOKEN;

    /// @notice A probe's outcome: whether the leave succeeded, then the staker's lock balance, the order's pending
    ///         reward and the staker's stake-token balance after it.
    error Outcome(bool ok, uint256 credited, uint256 pending, uint256 tokens);

    constructor(EternoStaking pool, IERC20 token) {
        POOL = pool;
        LEDGER = pool.LEDGER();
        TOKEN = token;
        token.approve(address(pool), type(uint256).max);
    }

    function stake(uint256 lockDays, uint256 amount) external returns (uint256) {
        if (lockDays == 30) return POOL.enterStaking_30(amount);
        if (lockDays == 90) return POOL.enterStaking_90(amount);
        return POOL.enterStaking_360(amount);
    }

    function leave(uint256 id) external {
        POOL.leaveStaking(id);
    }

    function claim() external {
        LEDGER.claim();
    }

    function retry(uint256 id) external {
        POOL.retryReward(id);
    }

    function leaveWithGas(uint256 id, uint256 gasLimit) external returns (bool ok) {
        (ok,) = address(POOL).call{gas: gasLimit}(abi.encodeCall(EternoStaking.leaveStaking, (id)));
    }

    function probe(uint256 id, uint256 gasLimit) external {
        require(msg.sender == address(this), "self");
        (bool ok,) = address(POOL).call{gas: gasLimit}(abi.encodeCall(EternoStaking.leaveStaking, (id)));
        revert Outcome(ok, LEDGER.credited(address(this)), POOL.pendingReward(id), TOKEN.balanceOf(address(this)));
    }

    function outcome(uint256 id, uint256 gasLimit)
        public
        returns (bool ok, uint256 credited, uint256 pending, uint256 tokens)
    {
        try this.probe(id, gasLimit) {
            revert("a probe always reverts");
        } catch (bytes memory reason) {
            require(bytes4(reason) == Outcome.selector, "probe outcome");
            bytes memory data = new bytes(reason.length - 4);
            for (uint256 i = 0; i < data.length; ++i) {
                data[i] = reason[i + 4];
            }
            (ok, credited, pending, tokens) = abi.decode(data, (bool, uint256, uint256, uint256));
        }
    }

    function lowestSuccess(uint256 id) external returns (uint256) {
        uint256 lo = 20_000;
        uint256 hi = 3_000_000;
        while (hi - lo > 1) {
            uint256 mid = (lo + hi) / 2;
            (bool ok,,,) = outcome(id, mid);
            if (ok) hi = mid;
            else lo = mid;
        }
        return hi;
    }
}

contract R2StakingAttacksTest is Fixture {
    GasLeaver private etroStaker;
    GasLeaver private eulpStaker;
    address private alice = address(0xA11CE);
    address private bob = address(0xB0B);

    function setUp() public {
        vm.warp(1_000_000);
        deployAmm();
        deployLedgerAndSwap();
        deployStaking();
        etroStaker = new GasLeaver(stakingEtro, etro);
        give(etro, address(etroStaker), 1_000_000e18);
        eulpStaker = new GasLeaver(stakingEulp, eulp);
        giveEulp(address(eulpStaker), 2_000_000e18);
        giveEulp(alice, 100_000e18);
        giveEulp(bob, 100_000e18);
        vm.prank(alice);
        eulp.approve(address(stakingEulp), type(uint256).max);
        vm.prank(bob);
        eulp.approve(address(stakingEulp), type(uint256).max);
    }

    // ------------------------------------------------------------------ gas limits

    /// @dev One leave path: an order of `staker` in `pool`, `age` seconds old.
    function _order(GasLeaver staker, uint256 lockDays, uint256 amount, uint256 age) private returns (uint256 id) {
        id = staker.stake(lockDays, amount);
        vm.warp(block.timestamp + age);
    }

    /// @dev A leave of `id` with a gas limit drawn from [21,000, 2 x the lowest that succeeds]: a failure changes
    ///      nothing; a success returns the principal and moves the lock balance by exactly what quoteLeave says.
    function _leaveAtAnyGas(GasLeaver staker, EternoStaking pool, uint256 id, uint256 seed) private {
        (uint256 principal, uint256 kept,, bool early,) = pool.quoteLeave(id);
        uint256 base = pool.baseReward(id);
        uint256 creditedBefore = ledger.credited(address(staker));
        uint256 tokensBefore = staker.TOKEN().balanceOf(address(staker));
        uint256 lowest = staker.lowestSuccess(id);
        uint256 gasLimit = bound(seed, 21_000, 2 * lowest);
        (bool ok, uint256 credited, uint256 pending, uint256 tokens) = staker.outcome(id, gasLimit);
        if (!ok) {
            assertLt(gasLimit, lowest + 1, "only below the lowest limit can a leave fail");
            assertEq(credited, creditedBefore, "a failed leave changes no lock balance");
            assertEq(tokens, tokensBefore, "nor the principal");
            assertEq(pending, 0, "nor leaves anything pending");
            return;
        }
        assertEq(tokens - tokensBefore, principal, "the principal back");
        assertEq(pending, 0, "never pending because of the gas limit");
        // Early (per second): the base's unreleased part is revoked; otherwise what the leave credits is added.
        uint256 expected = early ? creditedBefore - (base - kept) : creditedBefore + (kept - base);
        assertEq(credited, expected, "exactly what quoteLeave said");
    }

    function testFuzz_EtroPoolEarlyLeaveAtAnyGas(uint256 seed) public {
        uint256 id = _order(etroStaker, 90, 10_000e18, 10 days);
        _leaveAtAnyGas(etroStaker, stakingEtro, id, seed);
    }

    function testFuzz_EtroPoolLeaveAfterTheLockAtAnyGas(uint256 seed) public {
        uint256 id = _order(etroStaker, 90, 10_000e18, 91 days);
        _leaveAtAnyGas(etroStaker, stakingEtro, id, seed);
    }

    function testFuzz_EulpEarlyLeaveAtAnyGas(uint256 seed) public {
        uint256 id = _order(eulpStaker, 360, 10_000e18, 33 days);
        _leaveAtAnyGas(eulpStaker, stakingEulp, id, seed);
    }

    /// @notice The EULP bonus credited at the unlock goes through the starvation-checked credit: never pending
    ///         because of the gas limit (the H-1 suite covers the ETRO pool's credit; this is the bonus's).
    function testFuzz_EulpBonusAtTheUnlockAtAnyGas(uint256 seed) public {
        uint256 id = _order(eulpStaker, 360, 10_000e18, 360 days);
        _leaveAtAnyGas(eulpStaker, stakingEulp, id, seed);
    }

    function testFuzz_Eulp30DayOrderAfterTheLockAtAnyGas(uint256 seed) public {
        uint256 id = _order(eulpStaker, 30, 10_000e18, 31 days);
        _leaveAtAnyGas(eulpStaker, stakingEulp, id, seed);
    }

    // ------------------------------------------------------------------ retryReward

    /// @notice A pending bonus: no retry while the ledger refuses (it stays pending and committed), none by a
    ///         stranger, one by the owner of the order once the ledger accepts again, none after that.
    function test_RetryRewardOnlyOnceOnlyByTheOwnerOnlyWhenAccepted() public {
        vm.prank(alice);
        uint256 id = stakingEulp.enterStaking_360(10_000e18);
        uint256 bonus = stakingEulp.orders(id).reward - stakingEulp.baseReward(id);
        vm.warp(block.timestamp + 360 days);
        ledger.removeWriter(address(stakingEulp));
        vm.prank(alice);
        stakingEulp.leaveStaking(id);
        assertEq(stakingEulp.pendingReward(id), bonus, "the refused bonus is pending");
        uint256 reserve = stakingEulp.rewardReserve();
        uint256 committed = stakingEulp.committedRewards();
        assertEq(committed, bonus, "and still committed");

        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotWriter.selector, address(stakingEulp)));
        stakingEulp.retryReward(id);
        assertEq(stakingEulp.pendingReward(id), bonus, "still pending after a refused retry");

        ledger.proposeWriter(address(stakingEulp), LockLedger.Kind.Stake);
        vm.warp(block.timestamp + ledger.WRITER_DELAY());
        ledger.executeWriter(address(stakingEulp));
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.NotOrderOwner.selector, id, bob, alice));
        stakingEulp.retryReward(id);

        uint256 creditedBefore = ledger.credited(alice);
        vm.prank(alice);
        stakingEulp.retryReward(id);
        assertEq(ledger.credited(alice) - creditedBefore, bonus, "the bonus credited");
        assertEq(stakingEulp.rewardReserve(), reserve - bonus, "paid from the reserve once");
        assertEq(stakingEulp.committedRewards(), committed - bonus, "no longer committed");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.NoPendingReward.selector, id));
        stakingEulp.retryReward(id);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.AlreadyUnstaked.selector, id));
        stakingEulp.leaveStaking(id);
    }

    // ------------------------------------------------------------------ the owner between a stake and its leave

    /// @notice Between a stake and its leave the owner raises and zeroes rates, raises the minimum and the release
    ///         duration, and withdraws everything it may: the orders keep their terms, the owner cannot withdraw a
    ///         committed wei, and every leave is paid from what the pool holds.
    function test_OwnerActionsBetweenAStakeAndItsLeaveChangeNothingCommitted() public {
        give(etro, alice, 100_000e18);
        vm.startPrank(alice);
        etro.approve(address(stakingEtro), type(uint256).max);
        uint256 etroId = stakingEtro.enterStaking_90(50_000e18);
        uint256 longId = stakingEulp.enterStaking_360(50_000e18);
        uint256 earlyId = stakingEulp.enterStaking_180(20_000e18);
        vm.stopPrank();
        uint256 etroReward = stakingEtro.orders(etroId).reward;
        uint256 longReward = stakingEulp.orders(longId).reward;
        uint256 earlyBase = stakingEulp.baseReward(earlyId);

        for (uint256 i = 0; i < 8; ++i) {
            uint256 lockDays = stakingEulp.lockPeriods()[i];
            stakingEtro.setRate(lockDays, i % 2 == 0 ? 0 : 10_000);
            stakingEulp.setRate(lockDays, i % 2 == 0 ? 10_000 : 0);
        }
        stakingEtro.setMinStakeAmount(type(uint96).max);
        stakingEulp.setMinStakeAmount(type(uint96).max);
        stakingEtro.setRewardReleaseDuration(365 days);
        for (uint256 round = 0; round < 2; ++round) {
            EternoStaking pool = round == 0 ? stakingEtro : stakingEulp;
            uint256 available = pool.availableRewards();
            vm.expectRevert(
                abi.encodeWithSelector(EternoStaking.InsufficientRewardReserve.selector, available + 1, available)
            );
            pool.withdrawRewards(address(this), available + 1);
            pool.withdrawRewards(address(this), available);
            assertEq(pool.availableRewards(), 0, "everything uncommitted withdrawn");
        }
        assertEq(stakingEtro.rewardReserve(), etroReward, "the ETRO pool keeps exactly the committed reward");

        vm.warp(block.timestamp + 90 days);
        vm.startPrank(alice);
        stakingEulp.leaveStaking(earlyId); // early: keeps its base released at its own snapshot rate
        stakingEtro.leaveStaking(etroId);
        vm.stopPrank();
        assertEq(
            ledger.credited(alice), earlyBase * 90 / 180 + stakingEulp.baseReward(longId) + etroReward, "terms kept"
        );
        vm.warp(block.timestamp + 270 days);
        vm.prank(alice);
        stakingEulp.leaveStaking(longId);
        assertEq(
            ledger.credited(alice), earlyBase * 90 / 180 + longReward + etroReward, "the 360-day order's full reward"
        );
        assertEq(stakingEulp.committedRewards(), 0, "nothing committed any more");
        assertEq(stakingEtro.committedRewards(), 0, "nothing committed any more");
        assertEq(etro.balanceOf(address(stakingEtro)), stakingEtro.rewardReserve(), "ETRO pool: principal out");
        assertEq(etro.balanceOf(address(stakingEulp)), stakingEulp.rewardReserve(), "EULP pool holds its reserve");
        assertEq(stakingEtro.orders(etroId).releaseDuration, REWARD_RELEASE, "the release duration of the entry");
    }

    /// @notice M-4 with the owner moving the 30-day rate after a stake: the base is the 30-day rate AT ENTRY. A raise
    ///         to 100 % does not make an old 360-day order keep more when left early, a cut to 0 does not take what
    ///         it released.
    function testFuzz_TheBaseRateIsTheShortRateAtEntry(uint256 newRate, uint256 served) public {
        newRate = bound(newRate, 0, 10_000);
        served = bound(served, 1, 360 days - 1);
        vm.prank(alice);
        uint256 id = stakingEulp.enterStaking_360(10_000e18);
        stakingEulp.setRate(30, newRate);
        stakingEulp.setRate(360, newRate);
        vm.warp(block.timestamp + served);
        (, uint256 kept,,,) = stakingEulp.quoteLeave(id);
        vm.prank(alice);
        stakingEulp.leaveStaking(id);
        uint256 atEntry = uint256(10_000e18) * 100 * served / (30 days * 10_000);
        assertLe(kept, atEntry, "never more than the 30-day rate at entry over the time served");
        assertEq(ledger.credited(alice), kept, "kept exactly");
        assertEq(kept, uint256(10_000e18) * 100 * 360 / (30 * 10_000) * served / 360 days, "the entry's own base");
    }

    /// @notice The owner cuts every rate to 0 and the release duration to a year just before a pending stake lands
    ///         (enterStaking_* has no minimum-rate argument: recorded in security.md as an owner power): the order
    ///         gets no reward, but the staker leaves at once with its whole principal in both pools.
    function test_AnOwnerRateCutBeforeAPendingStakeCostsNoPrincipal() public {
        give(etro, alice, 10_000e18);
        vm.prank(alice);
        etro.approve(address(stakingEtro), type(uint256).max);
        for (uint256 i = 0; i < 8; ++i) {
            stakingEtro.setRate(stakingEtro.lockPeriods()[i], 0);
            stakingEulp.setRate(stakingEulp.lockPeriods()[i], 0);
        }
        stakingEtro.setRewardReleaseDuration(365 days);
        uint256 etroBefore = etro.balanceOf(alice);
        uint256 eulpBefore = eulp.balanceOf(alice);
        vm.startPrank(alice);
        uint256 a = stakingEtro.enterStaking_360(10_000e18);
        uint256 b = stakingEulp.enterStaking_360(10_000e18);
        assertEq(stakingEtro.orders(a).reward + stakingEulp.orders(b).reward, 0, "no reward at the rate cut");
        stakingEtro.leaveStaking(a);
        stakingEulp.leaveStaking(b);
        vm.stopPrank();
        assertEq(etro.balanceOf(alice), etroBefore, "the whole ETRO principal back at once");
        assertEq(eulp.balanceOf(alice), eulpBefore, "the whole EULP principal back at once");
    }

    // ------------------------------------------------------------------ running orders

    /// @notice Bob's sixteen orders do not fill Alice's table; at her own cap Alice can still leave every order,
    ///         early or after its unlock, and stake again.
    function test_NobodyElseFillsMyTableAndICanAlwaysLeave() public {
        uint256 cap = stakingEulp.MAX_RUNNING_ORDERS();
        for (uint256 i = 0; i < cap; ++i) {
            vm.prank(bob);
            stakingEulp.enterStaking_30(1e18);
        }
        uint256[] memory mine = new uint256[](cap);
        for (uint256 i = 0; i < cap; ++i) {
            vm.prank(alice);
            mine[i] = i % 2 == 0 ? stakingEulp.enterStaking_30(1_000e18) : stakingEulp.enterStaking_360(1_000e18);
        }
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoStaking.TooManyRunningOrders.selector, alice, cap));
        stakingEulp.enterStaking_30(1e18);
        vm.warp(block.timestamp + 30 days);
        vm.prank(alice);
        ledger.claim(); // frees the finished 30-day entries' slots
        for (uint256 i = 0; i < cap; ++i) {
            (uint256 principal,,, bool early,) = stakingEulp.quoteLeave(mine[i]);
            assertEq(early, i % 2 == 1, "the 360-day orders leave early, the 30-day ones after the unlock");
            uint256 before = eulp.balanceOf(alice);
            vm.prank(alice);
            stakingEulp.leaveStaking(mine[i]);
            assertEq(eulp.balanceOf(alice) - before, principal, "principal back");
        }
        assertEq(stakingEulp.runningOrdersOf(alice), 0, "none running");
        vm.prank(alice);
        stakingEulp.enterStaking_30(1e18);
    }

    /// @notice Random stakes, leaves, ledger claims (which free and reuse revocable slots) and time for one staker at
    ///         the cap's edge: every leave returns the principal and moves the lock balance by exactly what
    ///         quoteLeave said (an early leave revokes its own entry, never a reused slot's new owner), nothing
    ///         reverts but a stake at the cap, and what the ledger released never goes down.
    function testFuzz_SlotReuseNeverMisdirectsALeave(uint256 seed) public {
        uint256[] memory ids = new uint256[](64);
        uint256 count;
        uint256 lastReleased;
        uint16[3] memory periods = [uint16(30), 90, 360];
        for (uint256 step = 0; step < 60; ++step) {
            uint256 r = uint256(keccak256(abi.encode(seed, step)));
            uint256 action = r % 4;
            if (action == 0 && count < ids.length) {
                uint256 lockDays = periods[(r >> 8) % 3];
                if (stakingEulp.runningOrdersOf(alice) == stakingEulp.MAX_RUNNING_ORDERS()) {
                    vm.prank(alice);
                    vm.expectRevert(abi.encodeWithSelector(EternoStaking.TooManyRunningOrders.selector, alice, 16));
                    stakingEulp.enterStaking_30(1e18);
                } else {
                    vm.prank(alice);
                    ids[count++] = lockDays == 30
                        ? stakingEulp.enterStaking_30(1e18 + (r >> 16) % 1_000e18)
                        : lockDays == 90
                            ? stakingEulp.enterStaking_90(1e18 + (r >> 16) % 1_000e18)
                            : stakingEulp.enterStaking_360(1e18 + (r >> 16) % 1_000e18);
                }
            } else if (action == 1 && count != 0) {
                uint256 id = ids[(r >> 8) % count];
                if (stakingEulp.orders(id).unstaked) continue;
                (uint256 principal, uint256 kept,, bool early,) = stakingEulp.quoteLeave(id);
                uint256 base = stakingEulp.baseReward(id);
                uint256 creditedBefore = ledger.credited(alice);
                uint256 before = eulp.balanceOf(alice);
                vm.prank(alice);
                stakingEulp.leaveStaking(id);
                assertEq(eulp.balanceOf(alice) - before, principal, "principal back");
                uint256 expected = early ? creditedBefore - (base - kept) : creditedBefore + (kept - base);
                assertEq(ledger.credited(alice), expected, "exactly what quoteLeave said");
            } else if (action == 2) {
                if (ledger.claimable(alice) != 0) {
                    vm.prank(alice);
                    ledger.claim();
                }
            } else {
                vm.warp(block.timestamp + (r >> 8) % 40 days);
            }
            uint256 released = ledger.released(alice);
            assertGe(released, lastReleased, "released never goes down");
            lastReleased = released;
        }
        assertLe(stakingEulp.committedRewards(), stakingEulp.rewardReserve(), "commitments covered");
        assertEq(etro.balanceOf(address(stakingEulp)), stakingEulp.rewardReserve(), "the pool holds its reserve");
    }

    /// @notice A writer the owner adds (after the 2-day proposal the app shows as a banner) fills Alice's revocable
    ///         table with 1-wei entries for 4 years: her new EULP stakes are refused by the ledger, but her running
    ///         orders still leave (early: their own entries revoked exactly), her principal comes back, and each
    ///         leave frees a slot for a new stake. Recorded in security.md (an owner power, not a user's).
    function test_AnOwnerAddedWriterFillingMyTableCannotHoldMyPrincipal() public {
        vm.startPrank(alice);
        uint256 first = stakingEulp.enterStaking_360(1_000e18);
        uint256 second = stakingEulp.enterStaking_90(1_000e18);
        vm.stopPrank();
        address intruder = address(0xBAD);
        ledger.proposeWriter(intruder, LockLedger.Kind.Stake);
        vm.warp(block.timestamp + ledger.WRITER_DELAY());
        ledger.executeWriter(intruder);
        give(etro, address(ledger), 14);
        uint256 fourYears = ledger.MAX_DURATION();
        for (uint256 i = 0; i < 14; ++i) {
            vm.prank(intruder);
            ledger.creditRevocable(alice, 1, fourYears);
        }
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.RevocableTableFull.selector, alice, 16));
        stakingEulp.enterStaking_30(1e18);
        (, uint256 kept,,,) = stakingEulp.quoteLeave(first);
        uint256 before = eulp.balanceOf(alice);
        uint256 creditedBefore = ledger.credited(alice);
        vm.prank(alice);
        stakingEulp.leaveStaking(first);
        assertEq(eulp.balanceOf(alice) - before, 1_000e18, "principal back");
        assertEq(
            ledger.credited(alice), creditedBefore - (stakingEulp.baseReward(first) - kept), "its own entry revoked"
        );
        vm.prank(alice);
        stakingEulp.enterStaking_30(1e18); // the freed slot
        vm.prank(alice);
        stakingEulp.leaveStaking(second);
        assertEq(eulp.balanceOf(alice) - before, 2_000e18 - 1e18, "both principals back, one new stake running");
    }

    // ------------------------------------------------------------------ packing

    /// @notice A stake above uint96 (a huge approval of a huge token) is refused, not truncated into a small order.
    function test_AnAmountBeyondUint96IsRefused() public {
        EternoToken huge = new EternoToken("HUGE", "HUGE", 2 ** 100, address(this));
        EternoStaking pool =
            new EternoStaking(huge, ledger, EternoStaking.Accrual.Daily, 1, REWARD_RELEASE, address(this));
        pool.setRate(30, 0); // a zero reward, so that the reserve check does not refuse it first
        huge.approve(address(pool), type(uint256).max);
        vm.expectRevert(abi.encodeWithSelector(SafeCast.SafeCastOverflowedUintDowncast.selector, 96, 2 ** 96));
        pool.enterStaking_30(2 ** 96);
        assertEq(pool.totalStaked(), 0, "nothing staked");
        assertEq(huge.balanceOf(address(pool)), 0, "nothing taken");
    }
}
