// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoFarmHandler} from "./handlers/EternoFarmHandler.sol";
import {Fixture} from "./utils/Fixture.sol";
import {InvariantTest} from "./utils/InvariantTest.sol";

/// @notice Invariants of the farm under random deposits, withdrawals, harvests and blocks.
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

        bytes4[] memory selectors = new bytes4[](4);
        selectors[0] = EternoFarmHandler.deposit.selector;
        selectors[1] = EternoFarmHandler.withdraw.selector;
        selectors[2] = EternoFarmHandler.emergencyWithdraw.selector;
        selectors[3] = EternoFarmHandler.roll.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        targetContract(address(handler));
    }

    /// forge-config: default.invariant.runs = 48
    /// forge-config: default.invariant.depth = 40
    /// forge-config: default.invariant.fail-on-revert = true
    function invariant_UserAmountsAddUpToThePoolBalance() public view {
        for (uint256 pid = 0; pid < farm.poolLength(); pid++) {
            (IERC20 lp,,,, uint256 lpSupply) = farm.poolInfo(pid);
            uint256 sum;
            for (uint256 i = 0; i < handler.farmerCount(); i++) {
                (uint256 amount,) = farm.userInfo(pid, handler.farmers(i));
                sum += amount;
            }
            assertEq(sum, lpSupply, "sum of users' amounts == lpSupply");
            assertEq(lp.balanceOf(address(farm)), lpSupply, "lpSupply == the farm's LP balance");
        }
    }

    /// forge-config: default.invariant.runs = 48
    /// forge-config: default.invariant.depth = 40
    /// forge-config: default.invariant.fail-on-revert = true
    function invariant_RewardsPaidNeverExceedEmission() public view {
        assertEq(farm.totalPaid(), handler.ghostReceived(), "totalPaid == what the farmers received");
        assertLe(farm.totalPaid(), farm.emitted(), "paid <= emitted so far");
        assertLe(farm.emitted(), farm.totalEmission(), "emitted <= the schedule");
        assertEq(etro.balanceOf(address(farm)), farm.totalEmission() - farm.totalPaid(), "farm holds the unpaid rest");
    }
}
