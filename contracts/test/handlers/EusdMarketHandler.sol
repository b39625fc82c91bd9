// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {EusdMarket} from "../../src/EusdMarket.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random listings, partial and whole fills, cancels (also while paused), reserve fundings by a
///         few users, and the owner's actions (parameters within bounds, pause / unpause, reserve and fee
///         withdrawals), with time passing. Each call's outcome is predicted from the state before it; a
///         refusal must be the predicted one. Records every order's remaining and every fill's split.
contract EusdMarketHandler is Test {
    EusdMarket public immutable market;
    IERC20 public immutable eusd;
    IERC20 public immutable usdt;
    address[] public users;
    uint256 public immutable lot;
    address public immutable sink = address(0x51A4);

    /// @dev Every order id listed through the handler.
    uint256[] public orderIds;
    mapping(uint256 orderId => uint256 remaining) public ghostRemaining;
    uint256 public ghostEscrowed;
    uint256 public ghostFeesPaid;
    uint256 public ghostFeesWithdrawn;
    uint256 public ghostRewardsPaid;
    uint256 public ghostReserveFunded;
    uint256 public ghostReserveWithdrawn;
    /// @dev Each must stay 0: a fill whose fee + proceeds != price x quantity; a reward over its caps;
    ///      a cancel refused while paused.
    uint256 public ghostSplitBreaches;
    uint256 public ghostRewardBreaches;
    uint256 public ghostPausedCancelRefusals;
    uint256 public fills;
    uint256 public cancels;

    constructor(EusdMarket market_, address[] memory users_) {
        market = market_;
        eusd = market_.EUSD();
        usdt = market_.USDT();
        users = users_;
        lot = market_.LOT();
    }

    function orderCount() external view returns (uint256) {
        return orderIds.length;
    }

    // ------------------------------------------------------------ users

    function list(uint256 userSeed, uint256 lots, uint256 price) external {
        address user = users[userSeed % users.length];
        (uint256 maxPrice,,, uint256 next) = market.parameters();
        lots = bound(lots, 1, 1000);
        uint256 quantity = lots * lot;
        if (eusd.balanceOf(user) < quantity) return;
        price = bound(price, 0, maxPrice + 1);
        bytes memory expected = market.paused()
            ? abi.encodeWithSelector(Pausable.EnforcedPause.selector)
            : price == 0
                ? abi.encodeWithSelector(EusdMarket.ZeroPrice.selector)
                : price > maxPrice
                    ? abi.encodeWithSelector(EusdMarket.PriceTooHigh.selector, price, maxPrice)
                    : bytes("");
        vm.prank(user);
        try market.list(quantity, price) returns (uint256 id) {
            require(expected.length == 0, "list accepted against the prediction");
            require(id == next, "sequential id");
            orderIds.push(id);
            ghostRemaining[id] = quantity;
            ghostEscrowed += quantity;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "list refused for another reason");
        }
    }

    /// @dev What a fill is checked against, read before it.
    struct Before {
        address buyer;
        address seller;
        uint256 price;
        uint256 remaining;
        uint256 feeBps;
        uint256 rewardBps;
        uint256 reserve;
        uint256 fees;
        uint256 sellerUsdt;
        uint256 buyerUsdt;
    }

    function buy(uint256 userSeed, uint256 orderSeed, uint256 lots, uint256 limitSeed) external {
        if (orderIds.length == 0) return;
        Before memory b;
        b.buyer = users[userSeed % users.length];
        uint256 id = orderIds[orderSeed % orderIds.length];
        (b.seller, b.price, b.remaining, b.feeBps) = market.orderOf(id);
        if (b.remaining == 0) return;
        uint256 quantity = bound(lots, 1, b.remaining / lot) * lot;
        uint256 limit = limitSeed % 4 == 0 ? b.price - 1 : b.price;
        uint256 cost = quantity / 1e18 * b.price;
        if (usdt.balanceOf(b.buyer) < cost) return;
        (b.reserve, b.fees) = market.reserves();
        (,, b.rewardBps,) = market.parameters();
        bytes memory expected = market.paused()
            ? abi.encodeWithSelector(Pausable.EnforcedPause.selector)
            : limit < b.price ? abi.encodeWithSelector(EusdMarket.PriceAboveLimit.selector, b.price, limit) : bytes("");
        b.sellerUsdt = usdt.balanceOf(b.seller);
        b.buyerUsdt = usdt.balanceOf(b.buyer);
        vm.prank(b.buyer);
        try market.buy(id, quantity, limit) {
            require(expected.length == 0, "buy accepted against the prediction");
            _checkFill(b, quantity, cost);
            ghostRemaining[id] = b.remaining - quantity;
            ghostEscrowed -= quantity;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "buy refused for another reason");
        }
    }

    function _checkFill(Before memory b, uint256 quantity, uint256 cost) private {
        (uint256 reserveAfter, uint256 feesAfter) = market.reserves();
        uint256 fee = feesAfter - b.fees;
        uint256 reward = b.reserve - reserveAfter;
        if (b.buyer != b.seller) {
            uint256 proceeds = usdt.balanceOf(b.seller) - b.sellerUsdt;
            if (fee + proceeds != cost || b.buyerUsdt - usdt.balanceOf(b.buyer) != cost) ghostSplitBreaches++;
        }
        if (fee != cost * b.feeBps / 10_000) ghostSplitBreaches++;
        if (reward > quantity * b.rewardBps / 10_000 || reward > fee || reward > b.reserve) ghostRewardBreaches++;
        ghostFeesPaid += fee;
        ghostRewardsPaid += reward;
        fills++;
    }

    function cancel(uint256 orderSeed) external {
        if (orderIds.length == 0) return;
        uint256 id = orderIds[orderSeed % orderIds.length];
        (address seller,, uint256 remaining,) = market.orderOf(id);
        if (remaining == 0) return;
        uint256 before = eusd.balanceOf(seller);
        vm.prank(seller);
        try market.cancel(id) {
            require(eusd.balanceOf(seller) == before + remaining, "refund == remaining");
            ghostRemaining[id] = 0;
            ghostEscrowed -= remaining;
            cancels++;
        } catch {
            if (market.paused()) ghostPausedCancelRefusals++;
            revert("cancel refused");
        }
    }

    function fundReserve(uint256 userSeed, uint256 amount) external {
        address user = users[userSeed % users.length];
        uint256 balance = eusd.balanceOf(user);
        if (balance == 0) return;
        amount = bound(amount, 1, balance < 1000e18 ? balance : 1000e18);
        vm.prank(user);
        market.fundReserve(amount);
        ghostReserveFunded += amount;
    }

    // ------------------------------------------------------------ owner

    function setParameters(uint256 maxPrice, uint256 feeBps, uint256 rewardBps) external {
        maxPrice = bound(maxPrice, 1, 5e18);
        feeBps = bound(feeBps, 0, 1000);
        rewardBps = bound(rewardBps, 0, 1000);
        market.setParameters(maxPrice, feeBps, rewardBps);
    }

    function togglePause() external {
        if (market.paused()) market.unpause();
        else market.pause();
    }

    function withdrawReserve(uint256 amount) external {
        (uint256 reserve,) = market.reserves();
        if (reserve == 0) return;
        amount = bound(amount, 1, reserve);
        market.withdrawReserve(sink, amount);
        ghostReserveWithdrawn += amount;
    }

    function withdrawFees(uint256 amount) external {
        (, uint256 fees) = market.reserves();
        if (fees == 0) return;
        amount = bound(amount, 1, fees);
        market.withdrawFees(sink, amount);
        ghostFeesWithdrawn += amount;
    }

    /// @dev The owner tries to take one wei more than the reserve: it must be refused.
    function ownerOverdraw() external {
        (uint256 reserve,) = market.reserves();
        try market.withdrawReserve(sink, reserve + 1) {
            revert("the owner took escrowed EUSD");
        } catch (bytes memory reason) {
            require(
                keccak256(reason)
                    == keccak256(abi.encodeWithSelector(EusdMarket.ExceedsReserve.selector, reserve + 1, reserve)),
                "overdraw refused for another reason"
            );
        }
    }

    function warp(uint256 seconds_) external {
        vm.warp(block.timestamp + bound(seconds_, 1, 3 days));
    }
}
