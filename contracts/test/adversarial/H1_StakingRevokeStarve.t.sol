// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoStaking} from "../../src/EternoStaking.sol";
import {LockLedger} from "../../src/LockLedger.sol";
import {Fixture} from "../utils/Fixture.sol";

// Security review 2026-11, H-1 (HIGH), EternoStaking `leaveStaking` / LockLedger `revoke`:
//   "An early leave keeps the WHOLE unreleased reward (principal back) by starving `LEDGER.revoke` of gas
//    inside the pool's `try/catch`; after a 30-day preparation any staker drains the pool's reward reserve,
//    and the wallet's own `eth_estimateGas` picks the starving gas limit."
// The PoC prepared a ledger stream (many finished, unclaimed entries and one revoked, unfinished entry) so that
// every revocation walked it, then left big orders with a gas limit found on chain: 1,000,000 ETRO in 15 leaves.
//
// What this suite proves (run with --isolate: every top-level call is its own transaction, storage cold as on a
// live chain), against the redesigned pool and ledger (direct revocation, O(1) ledger, starvation-checked credit):
//   - the review's attack, adapted (the preparation the new rules still allow: finished, unclaimed entries in
//     the staker's revocable table and stake streams, an early-left order), finds no gas limit at which a leave
//     succeeds and keeps the unreleased reward; the reserve is not drained: every leave revokes exactly;
//   - below the lowest gas limit that succeeds every leave reverts, and from it to 2x it every leave revokes
//     exactly (fuzz);
//   - the ETRO pool's reward credit at the leave is never "pending" because of the gas limit: below the lowest
//     limit that succeeds the leave reverts, above it the reward is credited (fuzz).

/// @notice A staker that is a contract, so that a test can choose the gas limit of its leaves. Every probe is
///         undone (it reverts with its outcome), so probing changes nothing, warm slots included (EIP-2929 access
///         lists are reverted with the call).
contract GasStaker {
    EternoStaking public immutable POOL;
    LockLedger public immutable LEDGER;

    /// @notice A probe's outcome: whether the leave succeeded, the staker's ledger credit and the order's pending
    ///         reward after it.
    error Outcome(bool ok, uint256 credited, uint256 pending);
    /// @notice The attacker's search found no gas limit at which a leave succeeds and keeps more than quoted.
    error NoWindow();

    constructor(EternoStaking pool, IERC20 token) {
        POOL = pool;
        LEDGER = pool.LEDGER();
        token.approve(address(pool), type(uint256).max);
    }

    function stake(uint256 lockDays, uint256 amount) public returns (uint256) {
        if (lockDays == 30) return POOL.enterStaking_30(amount);
        if (lockDays == 90) return POOL.enterStaking_90(amount);
        return POOL.enterStaking_360(amount);
    }

    function stakeMany(uint256 lockDays, uint256 n, uint256 amount) external {
        for (uint256 i = 0; i < n; ++i) {
            stake(lockDays, amount);
        }
    }

    function leaveMany(uint256 firstId, uint256 n) external {
        for (uint256 i = 0; i < n; ++i) {
            POOL.leaveStaking(firstId + i);
        }
    }

    /// @notice A plain leave with all the gas.
    function leaveNow(uint256 id) external {
        POOL.leaveStaking(id);
    }

    /// @notice Leaves for real with exactly `gasLimit`; returns whether the leave succeeded.
    function leaveWithGas(uint256 id, uint256 gasLimit) external returns (bool ok) {
        (ok,) = address(POOL).call{gas: gasLimit}(abi.encodeCall(EternoStaking.leaveStaking, (id)));
    }

    /// @notice One undone try at `gasLimit`: always reverts with its Outcome.
    function probe(uint256 id, uint256 gasLimit) external {
        require(msg.sender == address(this), "self");
        (bool ok,) = address(POOL).call{gas: gasLimit}(abi.encodeCall(EternoStaking.leaveStaking, (id)));
        revert Outcome(ok, LEDGER.credited(address(this)), POOL.pendingReward(id));
    }

    /// @notice The outcome of leaving `id` with `gasLimit`, nothing kept.
    function outcome(uint256 id, uint256 gasLimit) public returns (bool ok, uint256 credited, uint256 pending) {
        try this.probe(id, gasLimit) {
            revert("a probe always reverts");
        } catch (bytes memory reason) {
            require(bytes4(reason) == Outcome.selector, "probe outcome");
            bytes memory data = new bytes(reason.length - 4);
            for (uint256 i = 0; i < data.length; ++i) {
                data[i] = reason[i + 4];
            }
            (ok, credited, pending) = abi.decode(data, (bool, uint256, uint256));
        }
    }

    /// @notice The lowest gas limit at which leaving `id` succeeds (what eth_estimateGas searches for).
    function lowestSuccess(uint256 id) external returns (uint256) {
        uint256 lo = 20_000;
        uint256 hi = 3_000_000;
        while (hi - lo > 1) {
            uint256 mid = (lo + hi) / 2;
            (bool ok,,) = outcome(id, mid);
            if (ok) hi = mid;
            else lo = mid;
        }
        return hi;
    }

    /// @notice The review's attacker search: a gas limit at which the leave succeeds and the staker's lock balance
    ///         keeps more than `keepAtMost`; NoWindow when the binary search (low: reverts, high: revoked) finds none.
    function leaveKeeping(uint256 id, uint256 keepAtMost) external returns (uint256) {
        uint256 lo = 30_000;
        uint256 hi = 6_000_000;
        for (uint256 k = 0; k < 40 && hi > lo + 1; ++k) {
            uint256 mid = (lo + hi) / 2;
            (bool ok, uint256 credited,) = outcome(id, mid);
            if (!ok) lo = mid;
            else if (credited > keepAtMost) return mid;
            else hi = mid;
        }
        revert NoWindow();
    }
}

contract H1StakingRevokeStarveTest is Fixture {
    GasStaker private attacker;
    GasStaker private etroStaker;

    function setUp() public {
        vm.warp(1_000_000);
        deployAmm();
        deployLedgerAndSwap();
        deployStaking();
        attacker = new GasStaker(stakingEulp, eulp);
        giveEulp(address(attacker), 10_000_000e18);
        etroStaker = new GasStaker(stakingEtro, etro);
        give(etro, address(etroStaker), 1_000_000e18);
        // The review's "prepared stream": 300 stake-kind positions (30-day releases, as ETRO-pool rewards are)
        // that will have finished unclaimed. The test adds itself as a writer the way any writer is added.
        ledger.proposeWriter(address(this), LockLedger.Kind.Stake);
        vm.warp(block.timestamp + ledger.WRITER_DELAY());
        ledger.executeWriter(address(this));
        give(etro, address(ledger), 300e18);
        for (uint256 i = 0; i < 300; ++i) {
            ledger.credit(address(attacker), 1e18, 30 days);
            vm.warp(block.timestamp + 1);
        }
    }

    /// @notice The review's preparation, as far as the new rules allow, then the attack: no gas limit keeps the
    ///         unreleased reward, and 15 leaves of big orders leave the reserve where it was.
    function test_attack_PreparedHistoryFindsNoWindowAndTheReserveStays() public {
        uint256 t0 = block.timestamp;
        // 1. 15 minimum orders (1 EULP, 30 days) left to finish unclaimed in the attacker's revocable table.
        attacker.stakeMany(30, 15, 1e18);
        // 2. Just before they finish: one more order, left early at once (revoked).
        vm.warp(t0 + 30 days - 1 hours);
        uint256 r = attacker.stake(30, 1e18);
        attacker.leaveNow(r);
        // 3. The 15 and the 300 stream positions have finished (never claimed, never left).
        vm.warp(t0 + 30 days + 1);
        uint256 reserveBefore = stakingEulp.rewardReserve();
        uint256 creditedBefore = ledger.credited(address(attacker));
        uint256 principal = eulp.balanceOf(address(attacker));
        for (uint256 cycle = 0; cycle < 15; ++cycle) {
            uint256 amount = principal / 2;
            uint256 id = attacker.stake(30, amount);
            vm.expectRevert(GasStaker.NoWindow.selector);
            attacker.leaveKeeping(id, creditedBefore); // same block: nothing released, nothing may be kept
            uint256 lowest = attacker.lowestSuccess(id);
            assertTrue(attacker.leaveWithGas(id, lowest), "the lowest limit that succeeds");
            assertEq(ledger.credited(address(attacker)), creditedBefore, "revoked exactly: nothing kept");
        }
        assertEq(eulp.balanceOf(address(attacker)), principal, "principal back every time");
        assertEq(stakingEulp.rewardReserve(), reserveBefore, "the reserve is not drained");
        assertEq(stakingEulp.availableRewards(), reserveBefore - stakingEulp.committedRewards(), "nothing else moved");
    }

    /// @notice Control: a leave with enough gas revokes the unreleased part and keeps only what was released.
    function test_control_AnEarlyLeaveKeepsOnlyWhatWasReleased() public {
        uint256 creditedBefore = ledger.credited(address(attacker));
        uint256 id = attacker.stake(30, 1_000e18);
        vm.warp(block.timestamp + 1 days);
        attacker.leaveNow(id);
        assertEq(ledger.credited(address(attacker)) - creditedBefore, uint256(10e18) / 30, "one day of the 1 %");
        assertEq(stakingEulp.rewardReserve(), STAKE_RESERVE - uint256(10e18) / 30, "the rest is back");
    }

    /// @notice Every gas limit from the lowest that succeeds to twice that: the early leave either reverts (nothing
    ///         changes) or revokes exactly what `quoteLeave` says.
    function testFuzz_EarlyLeaveGasLimit(uint256 seed) public {
        uint256 id = _preparedEarlyOrder();
        (, uint256 kept,,,) = stakingEulp.quoteLeave(id);
        uint256 creditedBefore = ledger.credited(address(attacker));
        uint256 base = stakingEulp.baseReward(id);
        uint256 lowest = attacker.lowestSuccess(id);
        uint256 gasLimit = bound(seed, lowest, 2 * lowest);
        uint256 reserveBefore = stakingEulp.rewardReserve();
        bool ok = attacker.leaveWithGas(id, gasLimit);
        if (!ok) {
            assertFalse(stakingEulp.orders(id).unstaked, "a failed leave changes nothing");
            assertEq(ledger.credited(address(attacker)), creditedBefore, "nor the lock balance");
            return;
        }
        assertTrue(stakingEulp.orders(id).unstaked, "left");
        assertEq(ledger.credited(address(attacker)), creditedBefore - (base - kept), "revoked exactly");
        assertEq(stakingEulp.rewardReserve(), reserveBefore + (base - kept), "the unreleased part is back");
    }

    /// @notice Below the lowest gas limit that succeeds, an early leave always reverts: there is no lower window
    ///         where it succeeds without revoking.
    function testFuzz_EarlyLeaveBelowTheLowestLimitReverts(uint256 seed) public {
        uint256 id = _preparedEarlyOrder();
        uint256 lowest = attacker.lowestSuccess(id);
        uint256 gasLimit = bound(seed, 21_000, lowest - 1);
        (bool ok,,) = attacker.outcome(id, gasLimit);
        assertFalse(ok, "reverts");
    }

    /// @notice The ETRO pool's reward credit at a leave after the lock, from the lowest gas limit that succeeds to
    ///         twice that: never pending because of the gas, the reward is credited.
    function testFuzz_EtroPoolCreditGasLimit(uint256 seed) public {
        uint256 id = etroStaker.stake(90, 10_000e18);
        vm.warp(block.timestamp + 90 days);
        uint256 reward = stakingEtro.orders(id).reward;
        uint256 lowest = etroStaker.lowestSuccess(id);
        uint256 gasLimit = bound(seed, lowest, 2 * lowest);
        bool ok = etroStaker.leaveWithGas(id, gasLimit);
        if (!ok) {
            assertFalse(stakingEtro.orders(id).unstaked, "a failed leave changes nothing");
            return;
        }
        assertEq(stakingEtro.pendingReward(id), 0, "never pending because of the gas limit");
        assertEq(ledger.credited(address(etroStaker)), reward, "the reward is credited");
    }

    /// @notice Below the lowest gas limit that succeeds, the ETRO pool's leave reverts (scanned every 1,000 gas
    ///         from 40,000): no gas limit leaves with the reward pending.
    function test_EtroPoolNoLimitLeavesTheRewardPending() public {
        uint256 id = etroStaker.stake(90, 10_000e18);
        vm.warp(block.timestamp + 90 days);
        uint256 lowest = etroStaker.lowestSuccess(id);
        for (uint256 g = 40_000; g < lowest; g += 1_000) {
            (bool ok,,) = etroStaker.outcome(id, g);
            assertFalse(ok, "reverts below the lowest limit");
        }
        for (uint256 g = lowest; g < 2 * lowest; g += 5_000) {
            (bool ok, uint256 credited, uint256 pending) = etroStaker.outcome(id, g);
            assertTrue(ok, "succeeds from the lowest limit on");
            assertEq(pending, 0, "never pending");
            assertEq(credited, stakingEtro.orders(id).reward, "credited");
        }
    }

    /// @dev An attacker order of 100,000 EULP for 360 days, 10 days old, after the prepared history of
    ///      `test_attack_...` (finished unclaimed entries and stream positions, an early-left order).
    function _preparedEarlyOrder() private returns (uint256 id) {
        uint256 t0 = block.timestamp;
        attacker.stakeMany(30, 14, 1e18);
        vm.warp(t0 + 30 days - 1 hours);
        attacker.leaveNow(attacker.stake(30, 1e18));
        vm.warp(t0 + 30 days + 1);
        id = attacker.stake(360, 100_000e18);
        vm.warp(block.timestamp + 10 days);
    }
}
