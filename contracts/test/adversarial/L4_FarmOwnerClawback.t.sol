// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoFarm} from "../../src/EternoFarm.sol";
import {EternoToken} from "../../src/EternoToken.sol";
import {Fixture} from "../utils/Fixture.sol";

/// @notice Security review 2026-11, L-4 (LOW, centralisation), farm part: "Farm owner zeroes all alloc points
///         and recovers the whole future emission" (PoC `OwnerClawbacks.t.sol`,
///         `test_FarmOwnerRedirectsTheWholeFutureEmissionToItself`: `set(pid, 0)` for every pool, then
///         `recoverUndistributed` sent 3,000+ ETRO of the stakers' schedule to the owner).
///         Proves the attack and its variants are now refused:
///         - zeroing every pool is only a proposal while LP is staked, cannot leave the running emission
///           with no allocation even after the delay, and nothing is recoverable before the schedule ends;
///         - a dummy pool with the maximum weight (staked by the owner, or left empty to strand the
///           emission) gets nothing before ALLOCATION_DELAY: a staker who leaves when it is announced is
///           paid everything the split it staked under promised, and the owner recovers none of it.
///         Run with `--isolate` (the adversarial step): every top-level call is its own transaction.
contract L4FarmOwnerClawbackTest is Fixture {
    /// @dev accEtroPerShare rounds down by at most 1 / ACC_PRECISION per LP unit per update: with alice's
    ///      ~7,000 EULP, a few 1e9 wei per update; 1e12 wei (0.000001 ETRO) covers every test here.
    uint256 private constant DUST = 1e12;
    /// @dev The most allocation points the farm lets one pool have (docs/decisions/farm.md).
    uint256 private constant MAX_ALLOC_POINT = 1_000_000;
    /// @dev Chain 201022's block time: the delay is in seconds, the emission in blocks.
    uint256 private constant BLOCK_TIME = 3;

    address private alice = address(0xA11CE);
    address private treasury = address(0xBEEF);
    uint256 private lp;

    /// @dev The production schedule (docs/decisions/farm.md): 4 stages of 864,000 blocks (30 days at 3 s),
    ///      so the 2-day delay is short against the emission, as on chain 201022.
    function setUp() public {
        vm.warp(1_000_000);
        deployAll();
        uint256 stage = 864_000;
        farm = new EternoFarm(etro, [stage, stage, stage, stage], farmStageRates(), address(this));
        farm.add(60, eulp);
        farm.add(40, elp);
        etro.approve(address(farm), farm.totalEmission());
        farm.start(block.number + 1);
        lp = giveEulp(alice, 10_000e18);
        vm.startPrank(alice);
        eulp.approve(address(farm), lp);
        farm.deposit(0, lp);
        vm.stopPrank();
    }

    /// @dev `blocks` blocks at BLOCK_TIME seconds each.
    function _mine(uint256 blocks) private {
        vm.roll(block.number + blocks);
        vm.warp(block.timestamp + blocks * BLOCK_TIME);
    }

    /// @dev alice's pool-0 reward under the deployed split: 60 % of everything emitted so far (she staked
    ///      before the start and is pool 0's only staker).
    function _aliceShare() private view returns (uint256) {
        return farm.emitted() * 60 / 100;
    }

    function test_ZeroingEveryPoolNoLongerStopsTheStakersRewardNorPaysTheOwner() public {
        _mine(100);
        // The review's move: every pool's weight to 0. alice is staked: both are only proposals.
        farm.set(0, 0);
        farm.set(1, 0);
        assertEq(farm.totalAllocPoint(), 100, "the split alice staked under is still in force");
        _mine(3000 - 100);
        assertApproxEqAbs(farm.pendingEtro(0, alice), _aliceShare(), DUST, "alice keeps earning her 60 %");

        // Nothing is recoverable while the emission runs, whatever the owner asks.
        assertEq(farm.recoverableEtro(), 0, "nothing recoverable");
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.EmissionRunning.selector, farm.endBlock()));
        farm.recoverUndistributed(treasury, 1);

        // After the delay the owner may apply one, never both: the running emission keeps an allocation.
        vm.warp(block.timestamp + farm.ALLOCATION_DELAY());
        uint256 emittedAtChange = farm.emitted();
        farm.applyAllocation(1);
        vm.expectRevert(EternoFarm.NoAllocationLeft.selector);
        farm.applyAllocation(0);
        assertEq(farm.totalAllocPoint(), 60, "pool 0 keeps its weight");

        // To the end of the schedule alice earns: her 60 % up to pool 1's change, then everything.
        vm.roll(farm.endBlock());
        uint256 pending = farm.pendingEtro(0, alice);
        assertApproxEqAbs(pending, farm.totalEmission() - emittedAtChange * 40 / 100, DUST, "alice's reward");
        uint256 recoverable = farm.recoverableEtro();
        farm.recoverUndistributed(treasury, recoverable);
        vm.prank(alice);
        farm.withdraw(0, lp);
        assertEq(etro.balanceOf(alice), pending, "alice is paid everything she earned");
        assertEq(eulp.balanceOf(alice), lp, "principal safe");
        // The owner gets only pool 1's share of the blocks in which pool 1 held no LP: no one's reward.
        assertEq(etro.balanceOf(treasury), recoverable, "recovered what was recoverable");
        assertApproxEqAbs(recoverable, emittedAtChange * 40 / 100, DUST, "only the empty pool's share");
    }

    function test_ADummyPoolWithTheMaximumWeightGetsNothingBeforeTheDelay() public {
        _mine(100);
        EternoToken dummy = new EternoToken("Dummy LP", "DLP", 1e18, address(this));
        dummy.approve(address(farm), 1e18);
        uint256 max = MAX_ALLOC_POINT;
        uint256 pid = farm.add(max, dummy);
        farm.deposit(pid, 1e18);
        (, uint256 dummyAlloc,,,) = farm.poolInfo(pid);
        assertEq(dummyAlloc, 0, "the dummy pool starts with no allocation");
        (uint256[] memory pids, uint256[] memory allocs, uint256[] memory etas) = farm.pendingAllocations();
        assertEq(pids.length, 1, "the weight is announced");
        assertEq(pids[0], pid, "for the dummy pool");
        assertEq(allocs[0], max, "the maximum weight");
        uint256 eta = etas[0];
        assertEq(eta, block.timestamp + farm.ALLOCATION_DELAY(), "after the delay");

        // alice watches the proposal and leaves one block before it can take effect.
        uint256 blocksToEta = (eta - block.timestamp) / BLOCK_TIME - 1;
        _mine(blocksToEta);
        assertLt(block.timestamp, eta, "before the eta");
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.AllocationNotReady.selector, pid, eta));
        farm.applyAllocation(pid);
        uint256 expected = _aliceShare();
        uint256 pending = farm.pendingEtro(0, alice);
        assertApproxEqAbs(pending, expected, DUST, "every block under the split alice staked under");
        vm.prank(alice);
        farm.withdraw(0, lp);
        assertEq(etro.balanceOf(alice), pending, "alice is paid all of it");
        assertEq(farm.pendingEtro(pid, address(this)), 0, "the owner's dummy stake earned nothing");

        // The owner applies its weight once alice has gone: it earns only from then on, from blocks that
        // no staker of the other pools had been promised under the announced change.
        vm.warp(eta);
        farm.applyAllocation(pid);
        _mine(10);
        uint256 ownerShare = farm.pendingEtro(pid, address(this));
        assertApproxEqAbs(ownerShare, 10 * 4e18 * max / (max + 100), DUST, "only blocks after the change");
    }

    function test_AnEmptyDummyPoolStrandsNothingTheOwnerCanTakeBeforeTheEnd() public {
        EternoToken dummy = new EternoToken("Dummy LP", "DLP", 1e18, address(this));
        uint256 pid = farm.add(MAX_ALLOC_POINT, dummy);
        _mine(10);
        vm.warp(block.timestamp + farm.ALLOCATION_DELAY());
        uint256 owedBefore = farm.pendingEtro(0, alice);
        assertApproxEqAbs(owedBefore, _aliceShare(), DUST, "alice's share up to the change");
        farm.applyAllocation(pid);
        // The dummy pool holds no LP: its (huge) share of every later block is stranded in the farm ...
        _mine(1000);
        assertEq(farm.recoverableEtro(), 0, "... and the owner cannot take it while the emission runs");
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.EmissionRunning.selector, farm.endBlock()));
        farm.recoverUndistributed(treasury, 1);
        // alice keeps everything she was owed, and the (small) share the new split still gives her.
        uint256 pending = farm.pendingEtro(0, alice);
        assertGe(pending, owedBefore, "nothing alice was owed is taken");
        vm.prank(alice);
        farm.withdraw(0, lp);
        assertEq(etro.balanceOf(alice), pending, "paid");
        assertEq(etro.balanceOf(treasury), 0, "the owner got nothing before the end of the schedule");
    }
}
