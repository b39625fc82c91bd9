// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EtroSwap} from "../../src/EtroSwap.sol";
import {Fixture} from "../utils/Fixture.sol";

// Session 9, second review (R2) of EtroSwap with the redesigned ledger: what a trader or the owner would try.
// Run with --isolate.
//   - the ETRO bought is credited to the caller only (a contract calling for a user gets it, the transaction's
//     sender gets nothing), and the ledger is funded by exactly the pair's output;
//   - the fee rounds down per trade: splitting a buy saves at most 1 wei of USDT per trade, never worth a trade;
//   - an owner fee raise landing before a pending buy is refused by the buyer's minOut.

/// @notice A contract that buys for whoever calls it (a router): it, not its caller, is the swap's msg.sender.
contract BuyingContract {
    function buy(EtroSwap swapper, uint256 amountIn) external returns (uint256) {
        swapper.USDT().approve(address(swapper), amountIn);
        return swapper.swap(amountIn, 0, block.timestamp);
    }
}

contract R2SwapAttacksTest is Fixture {
    address private alice = address(0xA11CE);

    function setUp() public {
        vm.warp(1_000_000);
        deployAmm();
        deployLedgerAndSwap();
        give(usdt, alice, 1_000_000e18);
        vm.prank(alice);
        usdt.approve(address(swapper), type(uint256).max);
    }

    /// @notice A buy through a contract credits that contract; the ledger holds exactly what it credited.
    function test_TheCreditGoesToTheCallerOnly() public {
        BuyingContract router = new BuyingContract();
        give(usdt, address(router), 1_000e18);
        vm.prank(alice);
        uint256 out = router.buy(swapper, 1_000e18);
        assertEq(ledger.credited(address(router)), out, "the calling contract is credited");
        assertEq(ledger.credited(alice), 0, "the transaction's sender is not");
        assertEq(etro.balanceOf(address(ledger)), out, "the ledger holds exactly the credit");
        assertEq(uint256(ledger.totalCredited()), out, "and owes exactly that");
    }

    /// @notice Splitting a buy into trades whose fee rounds to 0 saves less than 1 wei of USDT per trade.
    function testFuzz_SplittingABuySavesAtMostAWeiPerTrade(uint256 amount, uint256 parts) public {
        amount = bound(amount, 1e6, 1_000e18);
        parts = bound(parts, 2, 20);
        uint256 feeBps = swapper.feeBps();
        uint256 whole = amount * parts * feeBps / 10_000;
        uint256 receiverBefore = usdt.balanceOf(feeReceiver);
        for (uint256 i = 0; i < parts; ++i) {
            vm.prank(alice);
            swapper.swap(amount, 0, block.timestamp);
        }
        uint256 paid = usdt.balanceOf(feeReceiver) - receiverBefore;
        assertLe(paid, whole, "split fees never above the whole trade's fee");
        assertLt(whole - paid, parts, "and at most 1 wei less per trade");
    }

    /// @notice The owner raises the fee to the maximum just before a pending buy: the buyer's minOut refuses it.
    function test_AnOwnerFeeRaiseBeforeAPendingBuyIsRefusedByMinOut() public {
        (, uint256 quoted) = swapper.quoteBuy(1_000e18);
        uint256 minOut = quoted * 995 / 1000; // 0.5 % slippage, as the app sets
        swapper.setFeeBps(swapper.MAX_FEE_BPS());
        (, uint256 now_) = swapper.quoteBuy(1_000e18);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EtroSwap.InsufficientOutput.selector, now_, minOut));
        swapper.swap(1_000e18, minOut, block.timestamp);
        assertEq(ledger.credited(alice), 0, "nothing bought at the raised fee");
    }
}
