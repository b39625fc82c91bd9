// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EusdMarketHandler} from "./handlers/EusdMarketHandler.sol";
import {InvariantTest} from "./utils/InvariantTest.sol";
import {MarketFixture} from "./utils/MarketFixture.sol";

/// @notice Invariants of the market under random listings, fills, cancels, fundings and the owner's
///         actions: the EUSD held is exactly the open orders' remaining plus the reward reserve (no dust),
///         the USDT held is exactly the accrued fees, every fill splits price x quantity into fee +
///         seller proceeds, rewards stay within their caps, and cancel always works.
contract EusdMarketInvariantTest is MarketFixture, InvariantTest {
    EusdMarketHandler private handler;

    function setUp() public {
        deployMarket();
        address[] memory people = new address[](3);
        people[0] = alice;
        people[1] = bob;
        people[2] = address(0xCA401);
        fundAndApprove(people[2]);
        handler = new EusdMarketHandler(market, people);
        market.transferOwnership(address(handler));
        vm.prank(address(handler));
        market.acceptOwnership();

        bytes4[] memory selectors = new bytes4[](10);
        selectors[0] = EusdMarketHandler.list.selector;
        selectors[1] = EusdMarketHandler.buy.selector;
        selectors[2] = EusdMarketHandler.cancel.selector;
        selectors[3] = EusdMarketHandler.fundReserve.selector;
        selectors[4] = EusdMarketHandler.setParameters.selector;
        selectors[5] = EusdMarketHandler.togglePause.selector;
        selectors[6] = EusdMarketHandler.withdrawReserve.selector;
        selectors[7] = EusdMarketHandler.withdrawFees.selector;
        selectors[8] = EusdMarketHandler.ownerOverdraw.selector;
        selectors[9] = EusdMarketHandler.warp.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        targetContract(address(handler));
    }

    function invariant_EscrowIsTheOpenOrdersPlusTheReserve() public view {
        uint256 open;
        for (uint256 i = 0; i < handler.orderCount(); i++) {
            uint256 id = handler.orderIds(i);
            (,, uint256 remaining,) = market.orderOf(id);
            assertEq(remaining, handler.ghostRemaining(id), "order remaining == recorded");
            assertEq(remaining % LOT, 0, "remaining is a multiple of the lot");
            open += remaining;
        }
        assertEq(open, handler.ghostEscrowed(), "open == recorded escrow");
        (uint256 reserve,) = market.reserves();
        assertEq(eusd.balanceOf(address(market)), open + reserve, "EUSD held == open orders + reserve");
        assertEq(
            reserve,
            RESERVE + handler.ghostReserveFunded() - handler.ghostRewardsPaid() - handler.ghostReserveWithdrawn(),
            "reserve == funded - rewards - withdrawn"
        );
    }

    function invariant_UsdtHeldIsTheAccruedFees() public view {
        (, uint256 fees) = market.reserves();
        assertEq(usdt.balanceOf(address(market)), fees, "USDT held == fees");
        assertEq(fees, handler.ghostFeesPaid() - handler.ghostFeesWithdrawn(), "fees == paid - withdrawn");
    }

    function invariant_EveryFillSplitsExactly() public view {
        assertEq(handler.ghostSplitBreaches(), 0, "fee + proceeds != price x quantity");
        assertEq(handler.ghostRewardBreaches(), 0, "a reward above its caps");
        assertEq(handler.ghostPausedCancelRefusals(), 0, "cancel refused while paused");
    }
}
