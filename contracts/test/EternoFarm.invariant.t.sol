// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoFarmHandler} from "./handlers/EternoFarmHandler.sol";
import {Fixture} from "./utils/Fixture.sol";
import {InvariantTest} from "./utils/InvariantTest.sol";

/// @notice Invariants of the farm under random deposits, withdrawals, harvests, blocks, allocation changes
///         and the owner's recoveries of undistributed ETRO.
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

        bytes4[] memory selectors = new bytes4[](7);
        selectors[0] = EternoFarmHandler.deposit.selector;
        selectors[1] = EternoFarmHandler.withdraw.selector;
        selectors[2] = EternoFarmHandler.emergencyWithdraw.selector;
        selectors[3] = EternoFarmHandler.roll.selector;
        selectors[4] = EternoFarmHandler.recover.selector;
        selectors[5] = EternoFarmHandler.recoverTooMuch.selector;
        selectors[6] = EternoFarmHandler.setAllocation.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        targetContract(address(handler));
    }

    function invariant_UserAmountsAddUpToThePoolBalance() public view {
        for (uint256 pid = 0; pid < farm.poolLength(); pid++) {
            (IERC20 lp,,,, uint256 lpSupply) = farm.poolInfo(pid);
            uint256 sum;
            for (uint256 i = 0; i < handler.farmerCount(); i++) {
                (uint256 amount,) = farm.userInfo(pid, handler.farmers(i));
                sum += amount;
            }
            assertEq(sum, lpSupply, "sum of users' amounts == lpSupply");
            uint256 debts;
            for (uint256 i = 0; i < handler.farmerCount(); i++) {
                (, uint256 debt) = farm.userInfo(pid, handler.farmers(i));
                debts += debt;
            }
            assertEq(debts, farm.rewardDebtSum(pid), "sum of users' debts == the pool's debt sum");
            assertEq(lp.balanceOf(address(farm)), lpSupply, "lpSupply == the farm's LP balance");
        }
    }

    function invariant_RewardsPaidNeverExceedEmission() public view {
        assertEq(farm.totalPaid(), handler.ghostReceived(), "totalPaid == what the farmers received");
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
            etro.balanceOf(address(farm)) - farm.owedEtro() - farm.scheduledEtro(),
            "recoverable is the rest"
        );
    }

    /// @notice After each run: the emission ends and every farmer leaves every pool, paid exactly what
    ///         pendingEtro said, whatever the owner recovered on the way.
    function afterInvariant() public {
        vm.roll(farm.startBlock() + 4 * FARM_STAGE_BLOCKS + 1);
        for (uint256 pid = 0; pid < farm.poolLength(); pid++) {
            for (uint256 i = 0; i < handler.farmerCount(); i++) {
                address farmer = handler.farmers(i);
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
