// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoToken} from "../../src/EternoToken.sol";
import {EusdMarket} from "../../src/EusdMarket.sol";
import {Test} from "./Test.sol";

/// @notice A market owned by the fixture at the ECONOMY §8 defaults (max unit price 1 USDT, seller fee
///         3 %, buyer reward 1 %) with a 10,000 EUSD reward reserve; alice (seller) and bob (buyer) hold
///         1,000,000 EUSD and USDT each and approved the market.
abstract contract MarketFixture is Test {
    uint256 internal constant MAX_PRICE = 1e18;
    uint256 internal constant FEE_BPS = 300;
    uint256 internal constant REWARD_BPS = 100;
    uint256 internal constant RESERVE = 10_000e18;
    uint256 internal constant LOT = 10e18;

    EusdMarket internal market;
    EternoToken internal eusd;
    EternoToken internal usdt;
    address internal alice = address(0xA11CE);
    address internal bob = address(0xB0B);

    function deployMarket() internal {
        vm.warp(1_000_000);
        eusd = new EternoToken("EUSD", "EUSD", 1_000_000_000e18, address(this));
        usdt = new EternoToken("Tether USD", "USDT", 1_000_000_000e18, address(this));
        market = new EusdMarket(address(this), eusd, usdt, MAX_PRICE, FEE_BPS, REWARD_BPS);
        eusd.approve(address(market), type(uint256).max);
        market.fundReserve(RESERVE);
        fundAndApprove(alice);
        fundAndApprove(bob);
    }

    function fundAndApprove(address who) internal {
        require(eusd.transfer(who, 1_000_000e18), "give eusd");
        require(usdt.transfer(who, 1_000_000e18), "give usdt");
        vm.startPrank(who);
        eusd.approve(address(market), type(uint256).max);
        usdt.approve(address(market), type(uint256).max);
        vm.stopPrank();
    }

    function listAs(address seller, uint256 quantity, uint256 unitPrice) internal returns (uint256 orderId) {
        vm.prank(seller);
        orderId = market.list(quantity, unitPrice);
    }
}
