// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EtroSwap} from "../../src/EtroSwap.sol";
import {LockLedger} from "../../src/LockLedger.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random buys, sells (some past their deadline) and claims by a few funded traders, with time passing; records the fees
///         taken and the ETRO bought per trader.
contract EtroSwapHandler is Test {
    EtroSwap public immutable swapper;
    LockLedger public immutable ledger;
    IERC20 public immutable usdt;
    IERC20 public immutable etro;
    address[] public traders;

    mapping(address trader => uint256 amount) public ghostBought;
    uint256 public ghostFees;
    uint256 public buys;
    uint256 public sells;
    uint256 public expired;

    constructor(EtroSwap swapper_, address[] memory traders_) {
        swapper = swapper_;
        ledger = swapper_.LEDGER();
        usdt = swapper_.USDT();
        etro = swapper_.ETRO();
        traders = traders_;
    }

    function traderCount() external view returns (uint256) {
        return traders.length;
    }

    function buy(uint256 traderSeed, uint256 amountIn, uint256 slippageBps, uint256 deadlineSeed) external {
        address trader = traders[traderSeed % traders.length];
        uint256 balance = usdt.balanceOf(trader);
        if (balance < 1e15) return;
        amountIn = bound(amountIn, 1e15, balance < 20_000e18 ? balance : 20_000e18);
        (uint256 fee, uint256 quoted) = swapper.quoteBuy(amountIn);
        uint256 minOut = quoted - quoted * bound(slippageBps, 0, 500) / 10_000;
        vm.prank(trader);
        uint256 out = swapper.swap(amountIn, minOut, block.timestamp + bound(deadlineSeed, 0, 1 hours));
        require(out == quoted, "buy pays the quote");
        ghostBought[trader] += out;
        ghostFees += fee;
        buys++;
    }

    function sell(uint256 traderSeed, uint256 amountIn, uint256 deadlineSeed) external {
        address trader = traders[traderSeed % traders.length];
        uint256 balance = etro.balanceOf(trader);
        if (balance < 1e15) return;
        amountIn = bound(amountIn, 1e15, balance < 20_000e18 ? balance : 20_000e18);
        uint256 quoted = swapper.quoteSell(amountIn);
        uint256 before = usdt.balanceOf(trader);
        vm.prank(trader);
        swapper.sell(amountIn, quoted, block.timestamp + bound(deadlineSeed, 0, 1 hours));
        require(usdt.balanceOf(trader) - before == quoted, "sell pays the quote");
        sells++;
    }

    /// @dev A buy or sell signed earlier whose deadline has passed: refused, nothing moves.
    function expiredTrade(uint256 traderSeed, uint256 amountIn, uint256 late, bool isBuy) external {
        address trader = traders[traderSeed % traders.length];
        uint256 deadline = block.timestamp - bound(late, 1, block.timestamp);
        amountIn = bound(amountIn, 1e15, 20_000e18);
        uint256 usdtBefore = usdt.balanceOf(trader);
        uint256 etroBefore = etro.balanceOf(trader);
        vm.prank(trader);
        try (isBuy ? swapper.swap : swapper.sell)(amountIn, 0, deadline) {
            revert("an expired trade executed");
        } catch (bytes memory reason) {
            require(
                keccak256(reason)
                    == keccak256(abi.encodeWithSelector(EtroSwap.DeadlineExpired.selector, deadline, block.timestamp)),
                "refused for its deadline"
            );
        }
        require(usdt.balanceOf(trader) == usdtBefore && etro.balanceOf(trader) == etroBefore, "nothing moved");
        expired++;
    }

    function claim(uint256 traderSeed) external {
        address trader = traders[traderSeed % traders.length];
        if (ledger.claimable(trader) == 0) return;
        vm.prank(trader);
        ledger.claim();
    }

    function warp(uint256 seconds_) external {
        vm.warp(block.timestamp + bound(seconds_, 1, 12 hours));
    }
}
