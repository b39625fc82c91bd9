// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Fixture} from "./utils/Fixture.sol";

/// @notice Named gas snapshots (snapshots/eterno.json) of the DeFi core's user actions, each measured
///         on one call from a state prepared in setUp (so storage is cold, as in a transaction), the
///         21,000 base cost and calldata excluded. The trader and the staker have acted before (a
///         repeat buy, a second order, leaving a 90-day order); farm_deposit is a first deposit into a
///         pool another farmer already uses; farm_harvest and farm_withdraw follow an earlier harvest.
///         `univ2_router_swap` is a plain Router02 swap of the buy's swapped part (940 USDT), for
///         reference. `npm run -w contracts gas:check` fails when any figure changes;
///         `npm run -w contracts gas:snapshot` rewrites them.
contract GasSnapshotsTest is Fixture {
    string private constant GROUP = "eterno";
    address private alice = address(0xA11CE);
    address private bob = address(0xB0B);
    uint256 private leaveId;

    function setUp() public {
        vm.warp(1_000_000);
        vm.roll(100);
        deployAll();
        give(usdt, alice, 100_000e18);
        give(etro, alice, 100_000e18);
        give(etro, bob, 100_000e18);
        give(usdt, bob, 1e18);
        give(eulp, alice, 10_000e18);
        give(eulp, bob, 10_000e18);

        vm.startPrank(alice);
        usdt.approve(address(swapper), type(uint256).max);
        usdt.approve(address(router), type(uint256).max);
        etro.approve(address(stakingEtro), type(uint256).max);
        eulp.approve(address(farm), type(uint256).max);
        swapper.swap(1000e18, 0, block.timestamp);
        stakingEtro.enterStaking_30(1000e18);
        leaveId = stakingEtro.enterStaking_90(1000e18);
        farm.deposit(0, 1000e18);
        vm.roll(block.number + 10);
        farm.deposit(0, 0);
        vm.stopPrank();

        vm.startPrank(bob);
        etro.approve(address(swapper), type(uint256).max);
        eulp.approve(address(farm), type(uint256).max);
        vm.stopPrank();
        vm.roll(block.number + 10);
    }

    function test_Gas_SwapBuy() public {
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "swap_buy");
        swapper.swap(1000e18, 0, block.timestamp);
        vm.stopSnapshotGas();
    }

    function test_Gas_SwapSell() public {
        vm.prank(bob);
        vm.startSnapshotGas(GROUP, "swap_sell");
        swapper.sell(1000e18, 0, block.timestamp);
        vm.stopSnapshotGas();
    }

    function test_Gas_UniswapV2RouterSwap() public {
        address[] memory path = new address[](2);
        path[0] = address(usdt);
        path[1] = address(etro);
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "univ2_router_swap");
        router.swapExactTokensForTokens(940e18, 0, path, alice, block.timestamp);
        vm.stopSnapshotGas();
    }

    function test_Gas_StakeEnter() public {
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "stake_enter");
        stakingEtro.enterStaking_30(1000e18);
        vm.stopSnapshotGas();
    }

    function test_Gas_StakeLeave() public {
        vm.warp(block.timestamp + 90 days);
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "stake_leave");
        stakingEtro.leaveStaking(leaveId);
        vm.stopSnapshotGas();
    }

    function test_Gas_FarmDeposit() public {
        vm.prank(bob);
        vm.startSnapshotGas(GROUP, "farm_deposit");
        farm.deposit(0, 1000e18);
        vm.stopSnapshotGas();
    }

    function test_Gas_FarmHarvest() public {
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "farm_harvest");
        farm.deposit(0, 0);
        vm.stopSnapshotGas();
    }

    function test_Gas_FarmWithdraw() public {
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "farm_withdraw");
        farm.withdraw(0, 500e18);
        vm.stopSnapshotGas();
    }
}
