// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {EusdMarket} from "../src/EusdMarket.sol";
import {IEusdMarket} from "../src/interfaces/IEusdMarket.sol";
import {MarketFixture} from "./utils/MarketFixture.sol";
import {ReentrantToken} from "./utils/ReentrantToken.sol";

/// @notice A token with 6 decimals, to check the constructor refuses tokens whose decimals differ.
contract SixDecimals is ERC20 {
    constructor() ERC20("Six", "SIX") {}

    function decimals() public pure override returns (uint8) {
        return 6;
    }
}

/// @notice Unit and fuzz tests of {EusdMarket}: list, buy (whole and partial), cancel, every refusal with
///         its context, the reward's caps (fee, reserve), the pause (cancel still works), the owner's
///         bounds and that no owner path reaches escrowed EUSD; a malicious token re-entering.
contract EusdMarketTest is MarketFixture {
    address private stranger = address(0x5757);

    function setUp() public {
        deployMarket();
    }

    // ------------------------------------------------------------ constructor

    function test_Constructor_SetsParametersAndLot() public view {
        (uint256 maxPrice, uint256 fee, uint256 reward, uint256 next) = market.parameters();
        assertEq(maxPrice, MAX_PRICE, "max price");
        assertEq(fee, FEE_BPS, "fee");
        assertEq(reward, REWARD_BPS, "reward");
        assertEq(next, 1, "first id");
        assertEq(market.LOT(), 10e18, "lot = 10 whole EUSD");
        assertEq(market.ONE(), 1e18, "one");
        (uint256 reserve, uint256 fees) = market.reserves();
        assertEq(reserve, RESERVE, "reserve");
        assertEq(fees, 0, "fees");
        assertEq(market.owner(), address(this), "owner");
    }

    function test_Constructor_RefusesBadArguments() public {
        vm.expectRevert(EusdMarket.ZeroAddress.selector);
        new EusdMarket(address(this), IERC20Metadata(address(0)), usdt, MAX_PRICE, FEE_BPS, REWARD_BPS);
        SixDecimals six = new SixDecimals();
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.DecimalsMismatch.selector, uint8(18), uint8(6)));
        new EusdMarket(address(this), eusd, six, MAX_PRICE, FEE_BPS, REWARD_BPS);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.FeeTooHigh.selector, 1001));
        new EusdMarket(address(this), eusd, usdt, MAX_PRICE, 1001, REWARD_BPS);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.InvalidMaxUnitPrice.selector, 0));
        new EusdMarket(address(this), eusd, usdt, 0, FEE_BPS, REWARD_BPS);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        new EusdMarket(address(0), eusd, usdt, MAX_PRICE, FEE_BPS, REWARD_BPS);
    }

    // ------------------------------------------------------------ list

    function test_List_EscrowsAndEmits() public {
        uint256 before = eusd.balanceOf(alice);
        vm.expectEmit();
        emit IEusdMarket.Listed(1, alice, 100e18, 0.95e18, FEE_BPS);
        uint256 id = listAs(alice, 100e18, 0.95e18);
        assertEq(id, 1, "id");
        assertEq(eusd.balanceOf(alice), before - 100e18, "seller paid the quantity");
        assertEq(eusd.balanceOf(address(market)), RESERVE + 100e18, "escrowed");
        (address seller, uint256 price, uint256 remaining, uint256 fee) = market.orderOf(id);
        assertEq(seller, alice, "seller");
        assertEq(price, 0.95e18, "price");
        assertEq(remaining, 100e18, "remaining");
        assertEq(fee, FEE_BPS, "fee fixed at listing");
        assertEq(listAs(bob, 10e18, 1e18), 2, "ids are sequential");
    }

    function test_List_RefusesQuantityNotAMultipleOf10() public {
        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.NotMultipleOfLot.selector, 15e18, LOT));
        market.list(15e18, 1e18);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.NotMultipleOfLot.selector, 0, LOT));
        market.list(0, 1e18);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.NotMultipleOfLot.selector, 10e18 + 1, LOT));
        market.list(10e18 + 1, 1e18);
        vm.stopPrank();
    }

    function test_List_RefusesZeroPriceAndPriceAboveTheMax() public {
        vm.startPrank(alice);
        vm.expectRevert(EusdMarket.ZeroPrice.selector);
        market.list(10e18, 0);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.PriceTooHigh.selector, MAX_PRICE + 1, MAX_PRICE));
        market.list(10e18, MAX_PRICE + 1);
        market.list(10e18, MAX_PRICE);
        vm.stopPrank();
    }

    function test_List_RefusedWhilePaused() public {
        market.pause();
        vm.prank(alice);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        market.list(10e18, 1e18);
    }

    // ------------------------------------------------------------ buy

    function test_Buy_PartialPaysSellerLessFeeAndRewardsBuyer() public {
        uint256 id = listAs(alice, 100e18, 0.95e18);
        uint256 aliceUsdt = usdt.balanceOf(alice);
        uint256 bobUsdt = usdt.balanceOf(bob);
        uint256 bobEusd = eusd.balanceOf(bob);
        // 30 EUSD at 0.95: cost 28.5 USDT, fee 3 % = 0.855, reward 1 % of 30 = 0.3 EUSD.
        vm.expectEmit();
        emit IEusdMarket.Filled(id, bob, alice, 30e18, 28.5e18, 0.855e18, 0.3e18, 70e18);
        vm.prank(bob);
        market.buy(id, 30e18, 0.95e18);
        assertEq(usdt.balanceOf(alice), aliceUsdt + 28.5e18 - 0.855e18, "seller gets cost - fee");
        assertEq(usdt.balanceOf(bob), bobUsdt - 28.5e18, "buyer pays cost");
        assertEq(eusd.balanceOf(bob), bobEusd + 30e18 + 0.3e18, "buyer gets quantity + reward");
        (,, uint256 remaining,) = market.orderOf(id);
        assertEq(remaining, 70e18, "remaining");
        (uint256 reserve, uint256 fees) = market.reserves();
        assertEq(reserve, RESERVE - 0.3e18, "reserve paid the reward");
        assertEq(fees, 0.855e18, "fee accrued");
        assertEq(usdt.balanceOf(address(market)), 0.855e18, "the market holds the fee");
        assertEq(eusd.balanceOf(address(market)), RESERVE - 0.3e18 + 70e18, "escrow + reserve");
    }

    function test_Buy_WholeOrderClosesIt() public {
        uint256 id = listAs(alice, 20e18, 1e18);
        vm.prank(bob);
        market.buy(id, 20e18, 1e18);
        (,, uint256 remaining,) = market.orderOf(id);
        assertEq(remaining, 0, "closed");
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.OrderNotOpen.selector, id));
        market.buy(id, 10e18, 1e18);
    }

    function test_Buy_Refusals() public {
        uint256 id = listAs(alice, 50e18, 0.9e18);
        vm.startPrank(bob);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.NotMultipleOfLot.selector, 5e18, LOT));
        market.buy(id, 5e18, 1e18);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.ExceedsRemaining.selector, 60e18, 50e18));
        market.buy(id, 60e18, 1e18);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.PriceAboveLimit.selector, 0.9e18, 0.89e18));
        market.buy(id, 10e18, 0.89e18);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.OrderNotOpen.selector, 99));
        market.buy(99, 10e18, 1e18);
        vm.stopPrank();
        market.pause();
        vm.prank(bob);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        market.buy(id, 10e18, 1e18);
    }

    function test_Buy_RewardIsCappedByTheFee() public {
        // At 0.2 USDT the fee of 10 EUSD is 0.06 USDT, below the 1 % reward (0.1 EUSD): the reward is the fee.
        uint256 id = listAs(alice, 10e18, 0.2e18);
        vm.prank(bob);
        market.buy(id, 10e18, 0.2e18);
        (uint256 reserve,) = market.reserves();
        assertEq(reserve, RESERVE - 0.06e18, "reward == fee");
    }

    function test_Buy_ShortReservePaysWhatItHasAndNeverReverts() public {
        market.withdrawReserve(address(this), RESERVE - 0.05e18);
        uint256 id = listAs(alice, 10e18, 1e18);
        uint256 bobEusd = eusd.balanceOf(bob);
        vm.prank(bob);
        market.buy(id, 10e18, 1e18);
        assertEq(eusd.balanceOf(bob), bobEusd + 10e18 + 0.05e18, "what the reserve had");
        (uint256 reserve,) = market.reserves();
        assertEq(reserve, 0, "reserve empty");
        uint256 id2 = listAs(alice, 10e18, 1e18);
        vm.prank(bob);
        market.buy(id2, 10e18, 1e18);
        assertEq(eusd.balanceOf(bob), bobEusd + 20e18 + 0.05e18, "no reward from an empty reserve");
    }

    function test_Buy_UsesTheFeeFixedAtListing() public {
        uint256 id = listAs(alice, 10e18, 1e18);
        market.setParameters(MAX_PRICE, 1000, REWARD_BPS);
        vm.prank(bob);
        market.buy(id, 10e18, 1e18);
        (, uint256 fees) = market.reserves();
        assertEq(fees, 0.3e18, "3 %, the fee when listed");
    }

    function test_Quote_MatchesTheFill() public {
        uint256 id = listAs(alice, 40e18, 0.97e18);
        (uint256 cost, uint256 fee, uint256 reward) = market.quote(id, 20e18);
        assertEq(cost, 19.4e18, "cost");
        assertEq(fee, 0.582e18, "fee");
        assertEq(reward, 0.2e18, "reward");
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.ExceedsRemaining.selector, 50e18, 40e18));
        market.quote(id, 50e18);
    }

    // ------------------------------------------------------------ cancel

    function test_Cancel_ReturnsTheRestEvenWhilePaused() public {
        uint256 id = listAs(alice, 100e18, 1e18);
        vm.prank(bob);
        market.buy(id, 40e18, 1e18);
        market.pause();
        uint256 before = eusd.balanceOf(alice);
        vm.expectEmit();
        emit IEusdMarket.Cancelled(id, alice, 60e18);
        vm.prank(alice);
        market.cancel(id);
        assertEq(eusd.balanceOf(alice), before + 60e18, "rest returned");
        (,, uint256 remaining,) = market.orderOf(id);
        assertEq(remaining, 0, "closed");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.OrderNotOpen.selector, id));
        market.cancel(id);
    }

    function test_Cancel_OnlyTheSeller() public {
        uint256 id = listAs(alice, 10e18, 1e18);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.NotSeller.selector, id, bob));
        market.cancel(id);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.NotSeller.selector, id, address(this)));
        market.cancel(id);
    }

    // ------------------------------------------------------------ owner

    function test_Owner_CannotReachEscrowedEusd() public {
        listAs(alice, 500e18, 1e18);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.ExceedsReserve.selector, RESERVE + 1, RESERVE));
        market.withdrawReserve(address(this), RESERVE + 1);
        market.withdrawReserve(stranger, RESERVE);
        assertEq(eusd.balanceOf(stranger), RESERVE, "reserve withdrawn");
        assertEq(eusd.balanceOf(address(market)), 500e18, "escrow untouched");
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.ExceedsReserve.selector, 1, 0));
        market.withdrawReserve(address(this), 1);
    }

    function test_Owner_WithdrawsOnlyAccruedFees() public {
        uint256 id = listAs(alice, 100e18, 1e18);
        vm.prank(bob);
        market.buy(id, 100e18, 1e18);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.ExceedsFees.selector, 3e18 + 1, 3e18));
        market.withdrawFees(stranger, 3e18 + 1);
        vm.expectEmit();
        emit IEusdMarket.FeesWithdrawn(stranger, 3e18);
        market.withdrawFees(stranger, 3e18);
        assertEq(usdt.balanceOf(stranger), 3e18, "fees");
        assertEq(usdt.balanceOf(address(market)), 0, "nothing left");
    }

    function test_Owner_OnlyOwnerActions() public {
        vm.startPrank(stranger);
        bytes memory notOwner = abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger);
        vm.expectRevert(notOwner);
        market.setParameters(MAX_PRICE, FEE_BPS, REWARD_BPS);
        vm.expectRevert(notOwner);
        market.pause();
        vm.expectRevert(notOwner);
        market.withdrawReserve(stranger, 1);
        vm.expectRevert(notOwner);
        market.withdrawFees(stranger, 1);
        vm.stopPrank();
    }

    function test_SetParameters_BoundsAndEvent() public {
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.FeeTooHigh.selector, 1001));
        market.setParameters(MAX_PRICE, 1001, REWARD_BPS);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.RewardTooHigh.selector, 1001));
        market.setParameters(MAX_PRICE, FEE_BPS, 1001);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.InvalidMaxUnitPrice.selector, 1_000_000e18 + 1));
        market.setParameters(1_000_000e18 + 1, FEE_BPS, REWARD_BPS);
        vm.expectEmit();
        emit IEusdMarket.ParametersSet(2e18, 0, 0);
        market.setParameters(2e18, 0, 0);
        uint256 id = listAs(alice, 10e18, 2e18);
        uint256 aliceUsdt = usdt.balanceOf(alice);
        vm.prank(bob);
        market.buy(id, 10e18, 2e18);
        assertEq(usdt.balanceOf(alice), aliceUsdt + 20e18, "no fee: all to the seller");
    }

    function test_FundReserve_AnyoneAndNotZero() public {
        vm.expectEmit();
        emit IEusdMarket.ReserveFunded(alice, 5e18);
        vm.prank(alice);
        market.fundReserve(5e18);
        (uint256 reserve,) = market.reserves();
        assertEq(reserve, RESERVE + 5e18, "funded");
        vm.expectRevert(EusdMarket.ZeroAmount.selector);
        market.fundReserve(0);
    }

    // ------------------------------------------------------------ fuzz

    function testFuzz_Fill_FeePlusProceedsIsCostAndNoDust(uint256 lots, uint256 take, uint256 price) public {
        lots = bound(lots, 1, 10_000);
        take = bound(take, 1, lots);
        price = bound(price, 1, MAX_PRICE);
        uint256 id = listAs(alice, lots * LOT, price);
        uint256 aliceUsdt = usdt.balanceOf(alice);
        uint256 bobUsdt = usdt.balanceOf(bob);
        vm.prank(bob);
        market.buy(id, take * LOT, price);
        uint256 cost = take * 10 * price;
        (uint256 reserve, uint256 fees) = market.reserves();
        assertEq(bobUsdt - usdt.balanceOf(bob), cost, "buyer paid price x quantity");
        assertEq(usdt.balanceOf(alice) - aliceUsdt + fees, cost, "proceeds + fee == cost");
        assertEq(fees, cost * FEE_BPS / 10_000, "fee");
        uint256 reward = RESERVE - reserve;
        assertLe(reward, fees, "reward <= fee");
        assertLe(reward, take * LOT / 100, "reward <= 1 %");
        (,, uint256 remaining,) = market.orderOf(id);
        assertEq(remaining, (lots - take) * LOT, "remaining");
        assertEq(eusd.balanceOf(address(market)), reserve + remaining, "escrow + reserve, no dust");
    }

    function testFuzz_List_RefusesEveryNonMultiple(uint256 quantity) public {
        quantity = bound(quantity, 0, 1_000_000e18);
        vm.assume(quantity % LOT != 0 || quantity == 0);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EusdMarket.NotMultipleOfLot.selector, quantity, LOT));
        market.list(quantity, 1e18);
    }

    // ------------------------------------------------------------ reentrancy

    function test_Reentrancy_AMaliciousTokenCannotReenter() public {
        ReentrantToken evil = new ReentrantToken(1_000_000e18, address(this));
        EusdMarket m = new EusdMarket(address(this), IERC20Metadata(address(evil)), usdt, MAX_PRICE, FEE_BPS, 0);
        evil.approve(address(m), type(uint256).max);
        uint256 id = m.list(100e18, 1e18);
        // Every transfer of the token re-enters cancel: the guard refuses, so the outer call reverts.
        evil.arm(address(m), abi.encodeCall(EusdMarket.cancel, (id)));
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        m.cancel(id);
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        m.list(10e18, 1e18);
        usdt.approve(address(m), type(uint256).max);
        evil.arm(address(m), abi.encodeCall(EusdMarket.buy, (id, 10e18, 1e18)));
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        m.buy(id, 10e18, 1e18);
        evil.arm(address(0), "");
        (,, uint256 remaining,) = m.orderOf(id);
        assertEq(remaining, 100e18, "nothing moved");
        assertEq(evil.balanceOf(address(m)), 100e18, "escrow intact");
    }
}
