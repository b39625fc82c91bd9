// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoFarmHandler} from "./handlers/EternoFarmHandler.sol";
import {Fixture} from "./utils/Fixture.sol";
import {InvariantTest} from "./utils/InvariantTest.sol";

/// @notice Invariants of the farm under random deposits, withdrawals, harvests, blocks and time, and every
///         owner power: allocation changes (proposed, applied, cancelled), dummy pools with up to the maximum
///         weight that the owner stakes in itself, and recoveries of undistributed ETRO.
contract EternoFarmInvariantTest is Fixture, InvariantTest {
    EternoFarmHandler private handler;

    function setUp() public {
        vm.roll(100);
        deployAmm();
        deployFarm();
        address[] memory farmers = new address[](3);
        for (uint256 i = 0; i < farmers.length; i++) {
            farmers[i] = vm.addr(0x4000 + i);
            give(eulp, farmers[i], 5_000e18);
            give(elp, farmers[i], 5_000e18);
            vm.startPrank(farmers[i]);
            eulp.approve(address(farm), type(uint256).max);
            elp.approve(address(farm), type(uint256).max);
            vm.stopPrank();
        }
        handler = new EternoFarmHandler(farm, farmers);

        bytes4[] memory selectors = new bytes4[](12);
        selectors[0] = EternoFarmHandler.deposit.selector;
        selectors[1] = EternoFarmHandler.withdraw.selector;
        selectors[2] = EternoFarmHandler.emergencyWithdraw.selector;
        selectors[3] = EternoFarmHandler.roll.selector;
        selectors[4] = EternoFarmHandler.recover.selector;
        selectors[5] = EternoFarmHandler.recoverTooMuch.selector;
        selectors[6] = EternoFarmHandler.setAllocation.selector;
        selectors[7] = EternoFarmHandler.applyAllocation.selector;
        selectors[8] = EternoFarmHandler.cancelAllocation.selector;
        selectors[9] = EternoFarmHandler.addDummyPool.selector;
        selectors[10] = EternoFarmHandler.ownerStake.selector;
        selectors[11] = EternoFarmHandler.wait.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        targetContract(address(handler));
    }

    function invariant_UserAmountsAddUpToThePoolBalance() public view {
        for (uint256 pid = 0; pid < farm.poolLength(); pid++) {
            (IERC20 lp,,,, uint256 lpSupply) = farm.poolInfo(pid);
            (uint256 sum, uint256 debts) = farm.userInfo(pid, address(this));
            for (uint256 i = 0; i < handler.farmerCount(); i++) {
                (uint256 amount, uint256 debt) = farm.userInfo(pid, handler.farmers(i));
                sum += amount;
                debts += debt;
            }
            assertEq(sum, lpSupply, "sum of users' amounts == lpSupply");
            assertEq(debts, farm.rewardDebtSum(pid), "sum of users' debts == the pool's debt sum");
            assertEq(lp.balanceOf(address(farm)), lpSupply, "lpSupply == the farm's LP balance");
        }
    }

    function invariant_RewardsPaidNeverExceedEmission() public view {
        assertEq(
            farm.totalPaid(),
            handler.ghostReceived() + handler.ghostOwnerHarvested(),
            "totalPaid == what the farmers and the owner (staking its own pools) received"
        );
        assertLe(farm.totalPaid(), farm.emitted(), "paid <= emitted so far");
        assertLe(farm.emitted(), farm.totalEmission(), "emitted <= the schedule");
        assertEq(farm.totalRecovered(), handler.ghostRecovered(), "totalRecovered == what the owner received");
        assertEq(
            etro.balanceOf(address(farm)),
            farm.totalEmission() - farm.totalPaid() - farm.totalRecovered(),
            "farm holds the unpaid, unrecovered rest"
        );
    }

    function invariant_WhatUsersAreOwedIsNeverRecoverable() public view {
        uint256 pending;
        for (uint256 pid = 0; pid < farm.poolLength(); pid++) {
            pending += farm.pendingEtro(pid, address(this));
            for (uint256 i = 0; i < handler.farmerCount(); i++) {
                pending += farm.pendingEtro(pid, handler.farmers(i));
            }
        }
        assertLe(pending, farm.owedEtro(), "owedEtro covers every pending reward");
        assertGe(
            etro.balanceOf(address(farm)),
            farm.owedEtro() + farm.scheduledEtro(),
            "the farm holds what users are owed and the emission still scheduled"
        );
        assertEq(
            farm.recoverableEtro(),
            block.number < farm.endBlock() ? 0 : etro.balanceOf(address(farm)) - farm.owedEtro(),
            "recoverable is the rest once the emission has ended, nothing before"
        );
    }

    /// @notice The allocation in force and the proposals are what the rules allow: a change took effect at
    ///         once only while nothing was staked, else only after its delay (the handler's model).
    function invariant_AllocationFollowsTheDelayRule() public view {
        uint256 total;
        for (uint256 pid = 0; pid < farm.poolLength(); pid++) {
            (, uint256 alloc,,,) = farm.poolInfo(pid);
            assertEq(alloc, handler.modelAlloc(pid), "allocation in force == the model's");
            total += alloc;
            (uint256 proposed, uint256 eta) = farm.pendingAllocation(pid);
            (uint256 modelProposed, uint256 modelEta) = handler.modelPending(pid);
            assertEq(eta, modelEta, "proposal eta == the model's");
            assertEq(proposed, modelProposed, "proposed allocation == the model's");
        }
        assertEq(farm.totalAllocPoint(), total, "totalAllocPoint is the sum");
    }

    /// @notice While the emission runs some pool has allocation, and the owner has recovered nothing.
    function invariant_TheOwnerCannotStrandTheRunningEmission() public view {
        if (block.number < farm.endBlock()) {
            assertGt(farm.totalAllocPoint(), 0, "some allocation while the emission runs");
            assertEq(farm.totalRecovered(), 0, "nothing recovered while the emission runs");
            assertEq(farm.recoverableEtro(), 0, "nothing recoverable while the emission runs");
        }
    }

    /// @notice After each run: the emission ends, every farmer (and the owner, in its own pools) leaves every
    ///         pool, paid exactly what pendingEtro said, whatever the owner recovered on the way.
    function afterInvariant() public {
        vm.roll(farm.endBlock());
        uint256 count = handler.farmerCount();
        farm.recoverUndistributed(address(0x7EA5), farm.recoverableEtro());
        for (uint256 pid = 0; pid < farm.poolLength(); pid++) {
            for (uint256 i = 0; i <= count; i++) {
                address farmer = i == count ? address(this) : handler.farmers(i);
                uint256 pending = farm.pendingEtro(pid, farmer);
                (uint256 staked,) = farm.userInfo(pid, farmer);
                uint256 before = etro.balanceOf(farmer);
                vm.prank(farmer);
                farm.withdraw(pid, staked);
                assertEq(etro.balanceOf(farmer) - before, pending, "every farmer is paid what pendingEtro says");
            }
        }
        assertEq(farm.owedEtro(), 0, "nobody is owed anything");
        assertEq(farm.scheduledEtro(), 0, "the schedule is over");
        assertEq(farm.recoverableEtro(), etro.balanceOf(address(farm)), "what is left is recoverable");
    }
}
