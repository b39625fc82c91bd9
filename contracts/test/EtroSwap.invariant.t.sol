// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EtroSwapHandler} from "./handlers/EtroSwapHandler.sol";
import {Fixture} from "./utils/Fixture.sol";
import {InvariantTest} from "./utils/InvariantTest.sol";

/// @notice Invariants of the swap and its vesting under random buys, sells, expired trades, claims and time.
contract EtroSwapInvariantTest is Fixture, InvariantTest {
    EtroSwapHandler private handler;
    uint256 private initialK;

    function setUp() public {
        vm.warp(1_000_000);
        deployAmm();
        deployLedgerAndSwap();
        address[] memory traders = new address[](3);
        for (uint256 i = 0; i < traders.length; i++) {
            traders[i] = vm.addr(0x2000 + i);
            give(usdt, traders[i], 50_000e18);
            give(etro, traders[i], 50_000e18);
            vm.startPrank(traders[i]);
            usdt.approve(address(swapper), type(uint256).max);
            etro.approve(address(swapper), type(uint256).max);
            vm.stopPrank();
        }
        handler = new EtroSwapHandler(swapper, traders);
        (uint256 rEtro, uint256 rUsdt) = reserves(address(eulp), address(etro));
        initialK = rEtro * rUsdt;

        bytes4[] memory selectors = new bytes4[](5);
        selectors[0] = EtroSwapHandler.buy.selector;
        selectors[1] = EtroSwapHandler.sell.selector;
        selectors[2] = EtroSwapHandler.expiredTrade.selector;
        selectors[3] = EtroSwapHandler.claim.selector;
        selectors[4] = EtroSwapHandler.warp.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        targetContract(address(handler));
    }

    function invariant_BoughtEtroIsLockedForTheBuyerAndNeverOverReleased() public view {
        for (uint256 i = 0; i < handler.traderCount(); i++) {
            address trader = handler.traders(i);
            assertEq(ledger.credited(trader), handler.ghostBought(trader), "credited == bought");
            assertLe(ledger.released(trader), handler.ghostBought(trader), "released <= bought");
            assertLe(ledger.claimed(trader), ledger.released(trader), "claimed <= released");
        }
        assertGe(
            etro.balanceOf(address(ledger)),
            uint256(ledger.totalCredited()) - ledger.totalClaimed(),
            "ledger holds what it owes"
        );
    }

    function invariant_FeesGoToTheReceiverAndTheSwapHoldsNothing() public view {
        assertEq(usdt.balanceOf(feeReceiver), handler.ghostFees(), "fees == 6 % of the buys");
        assertEq(usdt.balanceOf(address(swapper)), 0, "no USDT left in the swap");
        assertEq(etro.balanceOf(address(swapper)), 0, "no ETRO left in the swap");
        (uint256 rEtro, uint256 rUsdt) = reserves(address(eulp), address(etro));
        assertGe(rEtro * rUsdt, initialK, "the pool's k never shrinks");
    }
}
