// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoStaking} from "../src/EternoStaking.sol";
import {EternoStakingHandler} from "./handlers/EternoStakingHandler.sol";
import {Fixture} from "./utils/Fixture.sol";
import {InvariantTest} from "./utils/InvariantTest.sol";

/// @notice Invariants of both staking pools under random stakes, leaves (some with random gas limits),
///         retries, ledger claims, funding, withdrawals, owner actions (rates, the minimum, release duration,
///         the pools' ledger writer status) and time.
contract EternoStakingInvariantTest is Fixture, InvariantTest {
    EternoStakingHandler private etroHandler;
    EternoStakingHandler private eulpHandler;

    function setUp() public {
        vm.warp(1_000_000);
        deployAmm();
        deployLedgerAndSwap();
        deployStaking();
        address[] memory stakers = new address[](3);
        for (uint256 i = 0; i < stakers.length; i++) {
            stakers[i] = vm.addr(0x3000 + i);
            give(etro, stakers[i], 200_000e18);
            giveEulp(stakers[i], 40_000e18);
            vm.startPrank(stakers[i]);
            etro.approve(address(stakingEtro), type(uint256).max);
            eulp.approve(address(stakingEulp), type(uint256).max);
            vm.stopPrank();
        }
        etroHandler = new EternoStakingHandler(stakingEtro, address(this), stakers);
        eulpHandler = new EternoStakingHandler(stakingEulp, address(this), stakers);

        bytes4[] memory selectors = new bytes4[](11);
        selectors[0] = EternoStakingHandler.enter.selector;
        selectors[1] = EternoStakingHandler.leaveOrder.selector;
        selectors[2] = EternoStakingHandler.fund.selector;
        selectors[3] = EternoStakingHandler.withdraw.selector;
        selectors[4] = EternoStakingHandler.warp.selector;
        selectors[5] = EternoStakingHandler.retry.selector;
        selectors[6] = EternoStakingHandler.setRate.selector;
        selectors[7] = EternoStakingHandler.setReleaseDuration.selector;
        selectors[8] = EternoStakingHandler.toggleWriter.selector;
        selectors[9] = EternoStakingHandler.claim.selector;
        selectors[10] = EternoStakingHandler.setMinStake.selector;
        targetSelector(FuzzSelector({addr: address(etroHandler), selectors: selectors}));
        targetSelector(FuzzSelector({addr: address(eulpHandler), selectors: selectors}));
        targetContract(address(etroHandler));
        targetContract(address(eulpHandler));
    }

    function invariant_ReserveNeverPaysMoreThanItHolds() public view {
        _checkReserve(stakingEtro, etroHandler);
        _checkReserve(stakingEulp, eulpHandler);
        assertEq(
            etro.balanceOf(address(stakingEtro)),
            stakingEtro.totalStaked() + stakingEtro.rewardReserve(),
            "ETRO pool: balance == principal + reserve"
        );
        assertEq(eulp.balanceOf(address(stakingEulp)), stakingEulp.totalStaked(), "EULP pool: LP == principal");
        assertEq(etro.balanceOf(address(stakingEulp)), stakingEulp.rewardReserve(), "EULP pool: ETRO == reserve");
        assertEq(
            uint256(ledger.totalCredited()),
            etroHandler.ghostRewardsPaid() + eulpHandler.ghostRewardsPaid(),
            "the ledger got exactly the rewards paid, less what early EULP leaves took back"
        );
        assertEq(stakingEtro.totalPendingRewards(), etroHandler.ghostPending(), "pending rewards");
        assertEq(stakingEulp.totalPendingRewards(), eulpHandler.ghostPending(), "pending bonuses");
    }

    function invariant_AnOrderLeavesOnce() public view {
        assertEq(etroHandler.ghostSecondLeaves(), 0, "ETRO pool: no second leave");
        assertEq(eulpHandler.ghostSecondLeaves(), 0, "EULP pool: no second leave");
        _checkOrders(stakingEtro, etroHandler);
        _checkOrders(stakingEulp, eulpHandler);
    }

    function _checkReserve(EternoStaking pool, EternoStakingHandler handler) private view {
        assertEq(
            pool.committedRewards(), handler.ghostOpenReward() + handler.ghostPending(), "committed == open (per second: bonuses) + pending"
        );
        assertEq(pool.totalStaked(), handler.ghostOpenAmount(), "totalStaked == open orders' amounts");
        assertGe(pool.rewardReserve(), pool.committedRewards(), "reserve covers every commitment");
        assertEq(
            pool.rewardReserve(),
            STAKE_RESERVE + handler.ghostFunded() - handler.ghostWithdrawn() - handler.ghostRewardsPaid(),
            "reserve == funded - withdrawn - paid (+ revoked back)"
        );
    }

    function _checkOrders(EternoStaking pool, EternoStakingHandler handler) private view {
        uint256 open;
        for (uint256 i = 0; i < handler.orderCount(); i++) {
            uint256 id = handler.ids(i);
            EternoStaking.Order memory order = pool.orders(id);
            assertLe(handler.leaves(id), 1, "left at most once");
            assertEq(order.unstaked, handler.leaves(id) == 1, "unstaked flag == left");
            if (!order.unstaked) open += order.amount;
        }
        assertEq(open, pool.totalStaked(), "open orders add up to totalStaked");
    }
}
