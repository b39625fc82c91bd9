// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoFarm} from "../src/EternoFarm.sol";
import {Fixture} from "./utils/Fixture.sol";

/// @notice MasterChef farming of EULP (pool 0) and ELP (pool 1) over the 4-stage emission.
contract EternoFarmTest is Fixture {
    /// @dev accEtroPerShare rounds down by at most 1 / ACC_PRECISION per LP unit per update.
    uint256 private constant DUST = 1e9;

    address private alice = address(0xA11CE);
    address private bob = address(0xB0B);
    uint256 private start;

    event Deposit(address indexed user, uint256 indexed pid, uint256 amount);
    event Withdraw(address indexed user, uint256 indexed pid, uint256 amount);
    event EmergencyWithdraw(address indexed user, uint256 indexed pid, uint256 amount);
    event Harvest(address indexed user, uint256 indexed pid, uint256 amount);
    event UndistributedRecovered(address indexed to, uint256 amount);
    event PoolSet(uint256 indexed pid, uint256 allocPoint);
    event AllocationProposed(uint256 indexed pid, uint256 allocPoint, uint256 eta);
    event AllocationCancelled(uint256 indexed pid, uint256 allocPoint);

    function setUp() public {
        vm.roll(100);
        deployAmm();
        deployFarm();
        start = farm.startBlock();
        give(eulp, alice, 10_000e18);
        give(eulp, bob, 10_000e18);
        give(elp, alice, 10_000e18);
        vm.prank(alice);
        eulp.approve(address(farm), type(uint256).max);
        vm.prank(alice);
        elp.approve(address(farm), type(uint256).max);
        vm.prank(bob);
        eulp.approve(address(farm), type(uint256).max);
    }

    function _deposit(address who, uint256 pid, uint256 amount) private {
        vm.prank(who);
        farm.deposit(pid, amount);
    }

    function test_PoolsAndStartAsDeployed() public view {
        assertEq(farm.poolLength(), 2, "two pools");
        (IERC20 lp0, uint256 alloc0, uint256 last0, uint256 acc0,) = farm.poolInfo(0);
        (IERC20 lp1, uint256 alloc1,,,) = farm.poolInfo(1);
        assertEq(address(lp0), address(eulp), "pool 0 = EULP");
        assertEq(address(lp1), address(elp), "pool 1 = ELP");
        assertEq(alloc0, 60, "EULP alloc");
        assertEq(alloc1, 40, "ELP alloc");
        assertEq(last0, 100, "last reward block");
        assertEq(acc0, 0, "nothing accrued");
        assertEq(farm.totalAllocPoint(), 100, "total alloc");
        assertEq(start, 101, "starts at the next block");
        assertEq(farm.totalEmission(), 10_000e18, "1000 blocks x (4 + 3 + 2 + 1) ETRO");
        assertEq(etro.balanceOf(address(farm)), 10_000e18, "whole emission paid in at start");
    }

    function test_StagesAndMiningProgress() public {
        assertEq(farm.currentStage(), 0, "before the first block: stage 0");
        EternoFarm.StageInfo memory s1 = farm.stageInfo(1);
        assertEq(s1.startBlock, start + 1000, "stage 1 start");
        assertEq(s1.endBlock, start + 2000, "stage 1 end");
        assertEq(s1.etroPerBlock, 3e18, "stage 1 rate");
        assertEq(s1.emission, 3000e18, "stage 1 emission");
        vm.roll(start + 999);
        assertEq(farm.currentStage(), 0, "last block of stage 0");
        vm.roll(start + 1000);
        assertEq(farm.currentStage(), 1, "stage 1");
        vm.roll(start + 3999);
        assertEq(farm.currentStage(), 3, "stage 3");
        vm.roll(start + 4000);
        assertEq(farm.currentStage(), 4, "emission over");
        assertEq(farm.emitted(), farm.totalEmission(), "everything emitted");
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.UnknownStage.selector, 4));
        farm.stageInfo(4);
    }

    function test_SingleDepositorEarnsThePoolShare() public {
        vm.roll(start);
        vm.expectEmit(address(farm));
        emit Deposit(alice, 0, 1000e18);
        _deposit(alice, 0, 1000e18);
        (,,,, uint256 supply) = farm.poolInfo(0);
        assertEq(supply, 1000e18, "lp supply");
        (uint256 amount, uint256 debt) = farm.userInfo(0, alice);
        assertEq(amount, 1000e18, "user amount");
        assertEq(debt, 0, "no debt yet");

        vm.roll(start + 10);
        uint256 pending = farm.pendingEtro(0, alice);
        assertApproxEqAbs(pending, 24e18, DUST, "10 blocks x 4 ETRO x 60 %");
        assertLe(pending, 24e18, "never more than the emission");

        vm.expectEmit(address(farm));
        emit Harvest(alice, 0, pending);
        _deposit(alice, 0, 0);
        assertEq(etro.balanceOf(alice), pending, "deposit(0) harvests the pending figure");
        assertEq(farm.pendingEtro(0, alice), 0, "nothing pending after harvest");
        assertEq(farm.totalPaid(), pending, "totalPaid");
        (amount,) = farm.userInfo(0, alice);
        assertEq(amount, 1000e18, "deposit unchanged by a harvest");
    }

    function test_TwoDepositorsSplitByShare() public {
        vm.roll(start);
        _deposit(alice, 0, 3000e18);
        _deposit(bob, 0, 1000e18);
        vm.roll(start + 100);
        // 100 blocks x 4 ETRO x 60 % = 240 ETRO: 3/4 and 1/4
        assertApproxEqAbs(farm.pendingEtro(0, alice), 180e18, DUST, "alice three quarters");
        assertApproxEqAbs(farm.pendingEtro(0, bob), 60e18, DUST, "bob one quarter");
    }

    function test_BothPoolsShareTheEmissionByAllocation() public {
        vm.roll(start);
        _deposit(alice, 0, 500e18);
        _deposit(alice, 1, 500e18);
        vm.roll(start + 50);
        assertApproxEqAbs(farm.pendingEtro(0, alice), 120e18, DUST, "60 % of 200");
        assertApproxEqAbs(farm.pendingEtro(1, alice), 80e18, DUST, "40 % of 200");
    }

    function test_EmissionFollowsTheStageRates() public {
        vm.roll(start + 995);
        _deposit(alice, 0, 1000e18);
        vm.roll(start + 1005);
        // 5 blocks at 4 ETRO + 5 blocks at 3 ETRO, 60 %
        assertApproxEqAbs(farm.pendingEtro(0, alice), 21e18, DUST, "across the stage boundary");
        vm.roll(start + 10_000);
        _deposit(alice, 0, 0);
        uint256 expected = (5 * 4e18 + 1000 * 3e18 + 1000 * 2e18 + 1000 * 1e18) * 60 / 100;
        assertApproxEqAbs(etro.balanceOf(alice), expected, DUST, "everything from its deposit to the end");
        vm.roll(start + 20_000);
        assertEq(farm.pendingEtro(0, alice), 0, "nothing after the emission ends");
    }

    function test_WithdrawPaysAndReturnsLp() public {
        vm.roll(start);
        _deposit(alice, 0, 1000e18);
        vm.roll(start + 20);
        uint256 pending = farm.pendingEtro(0, alice);
        vm.expectEmit(address(farm));
        emit Withdraw(alice, 0, 400e18);
        vm.prank(alice);
        farm.withdraw(0, 400e18);
        assertEq(eulp.balanceOf(alice), 9400e18, "LP back");
        assertEq(etro.balanceOf(alice), pending, "rewards paid on withdraw");
        (uint256 amount,) = farm.userInfo(0, alice);
        assertEq(amount, 600e18, "rest still deposited");
        assertEq(eulp.balanceOf(address(farm)), 600e18, "farm holds the rest");

        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.WithdrawExceedsDeposit.selector, 0, 601e18, 600e18));
        farm.withdraw(0, 601e18);
    }

    function test_EmergencyWithdrawReturnsLpAndForfeitsRewards() public {
        vm.roll(start);
        _deposit(alice, 0, 1000e18);
        vm.roll(start + 20);
        vm.expectEmit(address(farm));
        emit EmergencyWithdraw(alice, 0, 1000e18);
        vm.prank(alice);
        farm.emergencyWithdraw(0);
        assertEq(eulp.balanceOf(alice), 10_000e18, "all LP back");
        assertEq(etro.balanceOf(alice), 0, "no reward");
        (uint256 amount, uint256 debt) = farm.userInfo(0, alice);
        assertEq(amount + debt, 0, "position cleared");
        (,,,, uint256 supply) = farm.poolInfo(0);
        assertEq(supply, 0, "pool empty");
    }

    function test_EmptyPoolBlocksEmitNothing() public {
        vm.roll(start + 50);
        _deposit(alice, 0, 1000e18);
        vm.roll(start + 60);
        assertApproxEqAbs(farm.pendingEtro(0, alice), 24e18, DUST, "only blocks with a deposit count");
    }

    function test_NothingBeforeTheStart() public {
        EternoFarm idle = new EternoFarm(etro, farmStageBlocks(), farmStageRates(), address(this));
        idle.add(1, eulp);
        vm.prank(alice);
        eulp.approve(address(idle), 100e18);
        vm.prank(alice);
        idle.deposit(0, 100e18);
        vm.roll(block.number + 500);
        assertEq(idle.pendingEtro(0, alice), 0, "no emission before start");
        assertEq(idle.emitted(), 0, "nothing emitted");
        EternoFarm.StageInfo memory s0 = idle.stageInfo(0);
        assertEq(s0.startBlock + s0.endBlock, 0, "stage blocks unknown before start");
        assertEq(s0.emission, 4000e18, "stage emission known");
    }

    function test_PoolManagementChecks() public {
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.PoolExists.selector, address(eulp)));
        farm.add(10, eulp);
        vm.expectRevert(EternoFarm.LpTokenIsReward.selector);
        farm.add(10, etro);
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.UnknownPool.selector, 2, 2));
        farm.deposit(2, 1);
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.UnknownPool.selector, 5, 2));
        farm.pendingEtro(5, alice);

        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        farm.add(1, usdt);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        farm.set(0, 1);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        farm.start(block.number + 1);
        vm.stopPrank();
    }

    function test_SetWhileNothingIsStakedTakesEffectAtOnce() public {
        vm.expectEmit(address(farm));
        emit PoolSet(1, 10);
        farm.set(1, 10);
        (, uint256 alloc1,,,) = farm.poolInfo(1);
        assertEq(alloc1, 10, "applied: nobody's reward could change");
        assertEq(farm.totalAllocPoint(), 70, "total alloc");
        (, uint256 eta) = farm.pendingAllocation(1);
        assertEq(eta, 0, "nothing pending");
    }

    function test_SetWhileLpIsStakedWaitsTheDelayAndKeepsTheOldSplitUntilApplied() public {
        vm.roll(start);
        _deposit(alice, 0, 1000e18);
        _deposit(alice, 1, 1000e18);
        vm.roll(start + 10);
        uint256 eta = block.timestamp + farm.ALLOCATION_DELAY();
        vm.expectEmit(address(farm));
        emit AllocationProposed(1, 0, eta);
        farm.set(1, 0);
        (, uint256 alloc1,,,) = farm.poolInfo(1);
        assertEq(alloc1, 40, "not applied yet");
        assertEq(farm.totalAllocPoint(), 100, "total unchanged");
        (uint256 proposed, uint256 pendingEta) = farm.pendingAllocation(1);
        assertEq(proposed + pendingEta, eta, "proposal 0 at eta");
        (uint256[] memory pids, uint256[] memory allocs, uint256[] memory etas) = farm.pendingAllocations();
        assertEq(pids.length, 1, "one proposal listed");
        assertEq(pids[0] + allocs[0], 1, "pool 1 to 0");
        assertEq(etas[0], eta, "its eta");

        vm.warp(eta - 1);
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.AllocationNotReady.selector, 1, eta));
        farm.applyAllocation(1);
        vm.roll(start + 20);
        // 20 blocks, all under the old split.
        assertApproxEqAbs(farm.pendingEtro(0, alice), 48e18, DUST, "pool 0: 60 % of 20 blocks");
        assertApproxEqAbs(farm.pendingEtro(1, alice), 32e18, DUST, "pool 1: 40 % of 20 blocks");

        vm.warp(eta);
        vm.expectEmit(address(farm));
        emit PoolSet(1, 0);
        farm.applyAllocation(1);
        assertEq(farm.totalAllocPoint(), 60, "applied");
        (, pendingEta) = farm.pendingAllocation(1);
        assertEq(pendingEta, 0, "proposal used");
        (pids,,) = farm.pendingAllocations();
        assertEq(pids.length, 0, "nothing listed");
        vm.roll(start + 30);
        assertApproxEqAbs(farm.pendingEtro(0, alice), 48e18 + 40e18, DUST, "pool 0 gets everything after");
        assertApproxEqAbs(farm.pendingEtro(1, alice), 32e18, DUST, "pool 1 stops earning");
    }

    function test_AllocationProposalChecks() public {
        vm.roll(start);
        _deposit(alice, 0, 1000e18);
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.NoPendingAllocation.selector, 0));
        farm.applyAllocation(0);
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.NoPendingAllocation.selector, 0));
        farm.cancelAllocation(0);
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.UnknownPool.selector, 2, 2));
        farm.set(2, 1);
        // One pool has at most 1,000,000 points.
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.AllocationTooHigh.selector, 1_000_001, 1_000_000));
        farm.set(0, 1_000_001);

        farm.set(0, 90);
        uint256 firstEta = block.timestamp + 2 days;
        vm.warp(block.timestamp + 1 days);
        // A new proposal replaces the first, and its delay starts again.
        farm.set(0, 80);
        (uint256 alloc, uint256 eta) = farm.pendingAllocation(0);
        assertEq(alloc, 80, "replaced");
        assertEq(eta, firstEta + 1 days, "delay restarted");
        vm.warp(firstEta);
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.AllocationNotReady.selector, 0, eta));
        farm.applyAllocation(0);

        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        farm.applyAllocation(0);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        farm.cancelAllocation(0);
        vm.stopPrank();

        vm.expectEmit(address(farm));
        emit AllocationCancelled(0, 80);
        farm.cancelAllocation(0);
        vm.warp(eta);
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.NoPendingAllocation.selector, 0));
        farm.applyAllocation(0);
        (, uint256 alloc0,,,) = farm.poolInfo(0);
        assertEq(alloc0, 60, "unchanged");
    }

    function test_AProposalMayBeAppliedEarlyOnceNothingIsStaked() public {
        vm.roll(start);
        _deposit(alice, 0, 1000e18);
        farm.set(1, 5);
        vm.prank(alice);
        farm.withdraw(0, 1000e18);
        farm.applyAllocation(1);
        (, uint256 alloc1,,,) = farm.poolInfo(1);
        assertEq(alloc1, 5, "nobody staked: nobody's reward changes");
    }

    function test_AddWhileLpIsStakedStartsWithoutAllocation() public {
        vm.roll(start);
        _deposit(alice, 0, 1000e18);
        uint256 eta = block.timestamp + 2 days;
        vm.expectEmit(address(farm));
        emit AllocationProposed(2, 1_000_000, eta);
        uint256 pid = farm.add(1_000_000, usdt);
        assertEq(pid, 2, "pool 2");
        (, uint256 alloc2,,,) = farm.poolInfo(2);
        assertEq(alloc2, 0, "no allocation until applied");
        assertEq(farm.totalAllocPoint(), 100, "the split stakers joined under");
        vm.roll(start + 10);
        assertApproxEqAbs(farm.pendingEtro(0, alice), 24e18, DUST, "pool 0 keeps its 60 %");
        vm.warp(eta);
        farm.applyAllocation(2);
        assertEq(farm.totalAllocPoint(), 1_000_100, "applied after the delay");
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.AllocationTooHigh.selector, 1_000_001, 1_000_000));
        farm.add(1_000_001, eusd);
    }

    function test_NoChangeMayLeaveTheRunningEmissionWithoutAllocation() public {
        farm.set(0, 0);
        vm.expectRevert(EternoFarm.NoAllocationLeft.selector);
        farm.set(1, 0);
        farm.set(0, 60);

        vm.roll(start);
        _deposit(alice, 0, 1000e18);
        farm.set(0, 0);
        farm.set(1, 0);
        vm.warp(block.timestamp + 2 days);
        farm.applyAllocation(0);
        vm.expectRevert(EternoFarm.NoAllocationLeft.selector);
        farm.applyAllocation(1);

        // Once the emission has ended nothing is emitted: the split no longer matters.
        vm.roll(farm.endBlock());
        farm.applyAllocation(1);
        assertEq(farm.totalAllocPoint(), 0, "allowed after the end");

        EternoFarm idle = new EternoFarm(etro, farmStageBlocks(), farmStageRates(), address(this));
        vm.expectRevert(EternoFarm.NoAllocationLeft.selector);
        idle.start(0);
    }

    function test_StartChecks() public {
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.AlreadyStarted.selector, start));
        farm.start(block.number + 1);
        EternoFarm idle = new EternoFarm(etro, farmStageBlocks(), farmStageRates(), address(this));
        idle.add(1, eulp);
        etro.approve(address(idle), idle.totalEmission());
        idle.start(0);
        assertEq(idle.startBlock(), block.number, "a start in the past begins at the current block");
        assertEq(idle.endBlock(), block.number + 4 * FARM_STAGE_BLOCKS, "end block");
        assertEq(etro.balanceOf(address(idle)), 10_000e18, "emission paid in");
        uint256[4] memory blocks = farmStageBlocks();
        blocks[2] = 0;
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.EmptyStage.selector, 2));
        new EternoFarm(etro, blocks, farmStageRates(), address(this));
        vm.expectRevert(EternoFarm.ZeroAddress.selector);
        new EternoFarm(IERC20(address(0)), farmStageBlocks(), farmStageRates(), address(this));
    }

    function testFuzz_PaidNeverExceedsEmission(uint256 aliceAmount, uint256 bobAmount, uint256[4] memory gaps)
        public
    {
        aliceAmount = bound(aliceAmount, 1, 10_000e18);
        bobAmount = bound(bobAmount, 1, 10_000e18);
        vm.roll(start);
        _deposit(alice, 0, aliceAmount);
        _deposit(bob, 0, bobAmount);
        for (uint256 i = 0; i < gaps.length; i++) {
            vm.roll(block.number + bound(gaps[i], 1, 1500));
            _deposit(i % 2 == 0 ? alice : bob, 0, 0);
            assertLe(farm.totalPaid(), farm.emitted(), "paid <= emitted");
        }
        vm.roll(start + 5000);
        vm.prank(alice);
        farm.withdraw(0, aliceAmount);
        vm.prank(bob);
        farm.withdraw(0, bobAmount);
        uint256 poolShare = farm.totalEmission() * 60 / 100;
        assertLe(farm.totalPaid(), poolShare, "paid <= the pool's share");
        assertApproxEqAbs(farm.totalPaid(), poolShare, 1e12, "the pool's share is paid out");
        assertEq(etro.balanceOf(alice) + etro.balanceOf(bob), farm.totalPaid(), "paid to the users");
        assertEq(eulp.balanceOf(address(farm)), 0, "all LP returned");
    }

    function _harvest(address who, uint256 pid) private returns (uint256 received) {
        uint256 before = etro.balanceOf(who);
        _deposit(who, pid, 0);
        received = etro.balanceOf(who) - before;
    }

    /// @dev Moves to the first block after the emission.
    function _rollToEnd() private {
        vm.roll(farm.endBlock());
    }

    function test_NothingIsRecoverableWhileTheEmissionRuns() public {
        uint256 end = start + 4 * FARM_STAGE_BLOCKS;
        assertEq(farm.endBlock(), end, "end block");
        assertEq(farm.scheduledEtro(), 10_000e18, "the whole schedule is ahead");
        assertEq(farm.owedEtro(), 0, "nobody is owed anything yet");
        assertEq(farm.recoverableEtro(), 0, "nothing to recover");
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.EmissionRunning.selector, end));
        farm.recoverUndistributed(address(this), 0);

        vm.roll(start);
        _deposit(alice, 0, 1000e18);
        vm.roll(start + 100);
        give(etro, address(farm), 5e18);
        // Pool 1 held no LP: its 40 % of 100 blocks is undistributed, and still not recoverable.
        assertEq(farm.owedEtro(), 240e18, "pool 0's share is owed");
        assertEq(farm.recoverableEtro(), 0, "not while the emission runs");
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.EmissionRunning.selector, end));
        farm.recoverUndistributed(address(this), 1);

        vm.roll(end - 1);
        assertEq(farm.recoverableEtro(), 0, "not in the last block either");
        vm.roll(end);
        uint256 owed = farm.owedEtro();
        assertEq(farm.scheduledEtro(), 0, "the schedule is over");
        assertEq(farm.recoverableEtro(), etro.balanceOf(address(farm)) - owed, "what no one is owed");
        assertApproxEqAbs(farm.recoverableEtro(), 4000e18 + 5e18, DUST, "pool 1's share and the stray ETRO");
        uint256 pending = farm.pendingEtro(0, alice);
        address treasury = address(0x7EA);
        vm.expectEmit(address(farm));
        emit UndistributedRecovered(treasury, farm.recoverableEtro());
        farm.recoverUndistributed(treasury, farm.recoverableEtro());
        assertEq(farm.totalRecovered(), etro.balanceOf(treasury), "totalRecovered");
        assertEq(farm.recoverableEtro(), 0, "nothing more");
        vm.expectRevert(abi.encodeWithSelector(EternoFarm.RecoverExceedsUndistributed.selector, 1, 0));
        farm.recoverUndistributed(treasury, 1);
        assertApproxEqAbs(pending, 6000e18, DUST, "pool 0's whole share");
        assertEq(_harvest(alice, 0), pending, "alice is paid everything she earned");
    }

    function test_RecoverTakesRewardsGivenUpByAnEmergencyWithdraw() public {
        vm.roll(start);
        _deposit(alice, 0, 1000e18);
        _deposit(bob, 0, 1000e18);
        _deposit(alice, 1, 1000e18);
        vm.roll(start + 20);
        uint256 forfeited = farm.pendingEtro(0, alice);
        assertEq(forfeited, 24e18, "half of 20 blocks x 4 ETRO x 60 %");
        // emergencyWithdraw does not account the pool first (it must work whatever happens): blocks not yet
        // pushed into accEtroPerShare are shared by those still in the pool. Pushed here, so alice's 24 ETRO
        // are hers to give up.
        farm.updatePool(0);
        vm.prank(alice);
        farm.emergencyWithdraw(0);
        assertEq(farm.recoverableEtro(), 0, "not while the emission runs");
        _rollToEnd();
        uint256 bobPending = farm.pendingEtro(0, bob);
        uint256 alicePending = farm.pendingEtro(1, alice);
        assertApproxEqAbs(farm.recoverableEtro(), forfeited, DUST, "alice's given-up reward, and nothing of bob's");
        farm.recoverUndistributed(address(this), farm.recoverableEtro());
        assertEq(_harvest(bob, 0), bobPending, "bob is paid in full");
        assertApproxEqAbs(bobPending, 6000e18 - 24e18, DUST, "pool 0's share but alice's 20 blocks");
        assertEq(_harvest(alice, 1), alicePending, "alice's other pool is paid in full");
        assertApproxEqAbs(alicePending, 4000e18, DUST, "pool 1's whole share");
    }

    function test_AnyoneCanStillHarvestAfterTheOwnerRecoversEverything() public {
        vm.roll(start);
        _deposit(alice, 0, 3e18);
        _deposit(bob, 0, 7e18 + 1);
        for (uint256 i = 0; i < 8; i++) {
            vm.roll(block.number + 450);
            assertEq(farm.recoverableEtro(), 0, "nothing recoverable during the emission");
            _deposit(i % 2 == 0 ? alice : bob, 0, i);
        }
        _rollToEnd();
        uint256 alicePending = farm.pendingEtro(0, alice);
        uint256 bobPending = farm.pendingEtro(0, bob);
        farm.recoverUndistributed(address(this), farm.recoverableEtro());
        assertEq(_harvest(alice, 0), alicePending, "alice paid her pending");
        assertEq(_harvest(bob, 0), bobPending, "bob paid his pending");
        assertEq(farm.owedEtro(), 0, "nobody is owed anything");
        assertEq(farm.scheduledEtro(), 0, "the schedule is over");
        assertEq(farm.recoverableEtro(), etro.balanceOf(address(farm)), "the dust left is recoverable");
        assertLt(etro.balanceOf(address(farm)), 4000e18 + 100, "pool 1's share and rounding dust");
    }

    function test_RecoverChecks() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        farm.recoverUndistributed(alice, 0);
        vm.expectRevert(EternoFarm.ZeroAddress.selector);
        farm.recoverUndistributed(address(0), 0);

        EternoFarm idle = new EternoFarm(etro, farmStageBlocks(), farmStageRates(), address(this));
        give(etro, address(idle), 7e18);
        assertEq(idle.scheduledEtro(), 0, "before the start the farm does not hold the schedule");
        assertEq(idle.recoverableEtro(), 7e18, "so what it holds is recoverable");
        idle.recoverUndistributed(bob, 7e18);
        assertEq(etro.balanceOf(bob), 7e18, "recovered");
        idle.add(1, eulp);
        etro.approve(address(idle), idle.totalEmission());
        idle.start(0);
        assertEq(idle.recoverableEtro(), 0, "the schedule is held once started");
    }

    function testFuzz_RecoverNeverTakesWhatUsersAreOwed(
        uint256[2] memory amounts,
        uint256[6] memory gaps,
        uint256[6] memory actions,
        uint256 alloc
    ) public {
        give(elp, bob, 10_000e18);
        vm.prank(bob);
        elp.approve(address(farm), type(uint256).max);
        vm.roll(start + bound(gaps[0], 0, 200));
        _deposit(alice, 0, bound(amounts[0], 1, 10_000e18));
        _deposit(bob, 1, bound(amounts[1], 1, 10_000e18));
        address[2] memory users = [alice, bob];
        for (uint256 i = 0; i < actions.length; i++) {
            vm.roll(block.number + bound(gaps[i], 1, 900));
            uint256 action = actions[i] % 6;
            address user = users[i % 2];
            uint256 pid = (actions[i] / 6) % 2;
            uint256 pending = farm.pendingEtro(pid, user);
            if (action == 0) {
                assertEq(_harvest(user, pid), pending, "harvest pays pending");
            } else if (action == 1) {
                (uint256 staked,) = farm.userInfo(pid, user);
                vm.prank(user);
                farm.withdraw(pid, staked / 2);
            } else if (action == 2) {
                vm.prank(user);
                farm.emergencyWithdraw(pid);
            } else if (action == 3) {
                farm.set(pid, bound(alloc, 1, 100));
            } else if (action == 4) {
                (, uint256 eta) = farm.pendingAllocation(pid);
                if (eta != 0) {
                    vm.warp(eta);
                    farm.applyAllocation(pid);
                }
            } else {
                (IERC20 lp,,,,) = farm.poolInfo(pid);
                _deposit(user, pid, bound(actions[i], 0, lp.balanceOf(user)));
            }
            assertLe(
                farm.pendingEtro(0, alice) + farm.pendingEtro(1, alice) + farm.pendingEtro(0, bob)
                    + farm.pendingEtro(1, bob),
                farm.owedEtro(),
                "owed covers every pending reward"
            );
            if (block.number < farm.endBlock()) {
                vm.expectRevert(abi.encodeWithSelector(EternoFarm.EmissionRunning.selector, farm.endBlock()));
            }
            farm.recoverUndistributed(address(this), 0);
        }
        _rollToEnd();
        uint256[2][2] memory owed;
        for (uint256 u = 0; u < 2; u++) {
            for (uint256 pid = 0; pid < 2; pid++) {
                owed[u][pid] = farm.pendingEtro(pid, users[u]);
            }
        }
        farm.recoverUndistributed(address(this), farm.recoverableEtro());
        for (uint256 u = 0; u < 2; u++) {
            for (uint256 pid = 0; pid < 2; pid++) {
                (uint256 staked,) = farm.userInfo(pid, users[u]);
                uint256 before = etro.balanceOf(users[u]);
                vm.prank(users[u]);
                farm.withdraw(pid, staked);
                assertEq(etro.balanceOf(users[u]) - before, owed[u][pid], "everyone is paid what pendingEtro said");
            }
        }
        assertEq(farm.owedEtro(), 0, "nobody is owed anything");
        assertEq(farm.recoverableEtro(), etro.balanceOf(address(farm)), "the rest is recoverable");
    }
}
