// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {EternoToken} from "../src/EternoToken.sol";
import {EtroSwap} from "../src/EtroSwap.sol";
import {LockLedger} from "../src/LockLedger.sol";
import {IUniswapV2Pair as IPair} from "../src/interfaces/IUniswapV2Pair.sol";
import {Fixture} from "./utils/Fixture.sol";

/// @notice Buying ETRO into the lock (fee, vesting, slippage), selling it, quotes and parameters.
contract EtroSwapTest is Fixture {
    address private alice = address(0xA11CE);
    address private bob = address(0xB0B);

    event Trade(address indexed trader, bool indexed isBuy, uint256 amountIn, uint256 amountOut, uint256 fee);

    function setUp() public {
        vm.warp(1_000_000);
        deployAmm();
        deployLedgerAndSwap();
        give(usdt, alice, 100_000e18);
        give(etro, bob, 100_000e18);
        vm.prank(alice);
        usdt.approve(address(swapper), type(uint256).max);
        vm.prank(bob);
        etro.approve(address(swapper), type(uint256).max);
    }

    function _buy(address who, uint256 amountIn, uint256 minOut) private returns (uint256 out) {
        vm.prank(who);
        out = swapper.swap(amountIn, minOut, block.timestamp);
    }

    function test_Defaults() public view {
        assertEq(uint256(swapper.feeBps()), 600, "6 % fee");
        assertEq(uint256(swapper.vestingDuration()), 24 hours, "24 h vesting");
        assertEq(swapper.feeReceiver(), feeReceiver, "fee receiver");
        assertEq(address(swapper.PAIR()), address(eulp), "pair");
        assertEq(address(swapper.LEDGER()), address(ledger), "ledger");
        assertEq(swapper.owner(), address(this), "owner");
    }

    function test_ConstructorRejectsAPairOfOtherTokens() public {
        address elpPair = addLiquidity(eusd, usdt, 1000e18, 1000e18, address(this));
        IPair other = IPair(elpPair);
        vm.expectRevert(abi.encodeWithSelector(EtroSwap.PairMismatch.selector, other.token0(), other.token1()));
        new EtroSwap(other, usdt, etro, ledger, feeReceiver, address(this));
    }

    function test_ConstructorRejectsALedgerOfAnotherToken() public {
        LockLedger usdtLedger = new LockLedger(usdt, address(this));
        vm.expectRevert(abi.encodeWithSelector(EtroSwap.LedgerMismatch.selector, address(usdt)));
        new EtroSwap(IPair(address(eulp)), usdt, etro, usdtLedger, feeReceiver, address(this));
    }

    function test_ConstructorRejectsZeroAddresses() public {
        vm.expectRevert(EtroSwap.ZeroAddress.selector);
        new EtroSwap(IPair(address(eulp)), usdt, etro, ledger, address(0), address(this));
        vm.expectRevert(EtroSwap.ZeroAddress.selector);
        new EtroSwap(IPair(address(0)), usdt, etro, ledger, feeReceiver, address(this));
    }

    function test_BuyTakesSixPercentAndLocksTheEtroBought() public {
        uint256 amountIn = 1000e18;
        uint256 fee = 60e18;
        uint256 expectedOut = uniAmountOut(amountIn - fee, POOL_USDT, POOL_ETRO);
        vm.expectEmit(address(swapper));
        emit Trade(alice, true, amountIn, expectedOut, fee);
        uint256 out = _buy(alice, amountIn, expectedOut);

        assertEq(out, expectedOut, "constant-product output on the amount after the fee");
        assertEq(usdt.balanceOf(feeReceiver), fee, "fee to the receiver");
        assertEq(usdt.balanceOf(alice), 100_000e18 - amountIn, "alice paid the whole amount");
        assertEq(etro.balanceOf(alice), 0, "nothing in alice's wallet yet");
        (uint256 rEtro, uint256 rUsdt) = reserves(address(eulp), address(etro));
        assertEq(rUsdt, POOL_USDT + amountIn - fee, "pool got the amount after the fee");
        assertEq(rEtro, POOL_ETRO - out, "pool paid the ETRO");
        assertEq(etro.balanceOf(address(ledger)), out, "ETRO held by the ledger");
        assertEq(ledger.locked(alice), out, "all locked");
        uint256[] memory keys = ledger.streamKeysOf(alice);
        assertEq(keys.length, 1, "one stream");
        assertEq(keys[0], (uint256(500) << 32) | 24 hours, "a swap stream: 5 % claim fee, over 24 h");
        (uint256 next, uint256 last) = ledger.releaseTimesOf(alice);
        assertEq(next, block.timestamp + 24 hours, "vesting starts now");
        assertEq(last, block.timestamp + 24 hours, "and ends in 24 h");
        assertEq(usdt.balanceOf(address(swapper)), 0, "swap keeps no USDT");
        assertEq(etro.balanceOf(address(swapper)), 0, "swap keeps no ETRO");
    }

    function test_BoughtEtroReleasesOver24HoursAndIsClaimable() public {
        uint256 out = _buy(alice, 2000e18, 0);
        vm.warp(block.timestamp + 12 hours);
        assertEq(ledger.claimable(alice), out / 2, "half after 12 h");
        vm.warp(block.timestamp + 12 hours);
        assertEq(ledger.claimable(alice), out, "all after 24 h");
        vm.prank(alice);
        ledger.claim();
        assertEq(etro.balanceOf(alice), out - out * 500 / 10_000, "claimed into the wallet, less the 5 % claim fee");
        assertEq(etro.balanceOf(feeReceiver), out * 500 / 10_000, "the fee receiver got the fee");
    }

    function test_BuyRevertsBelowMinimumOutput() public {
        (, uint256 quoted) = swapper.quoteBuy(1000e18);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EtroSwap.InsufficientOutput.selector, quoted, quoted + 1));
        swapper.swap(1000e18, quoted + 1, block.timestamp);
    }

    function test_TradesRevertAfterTheDeadline() public {
        uint256 deadline = block.timestamp;
        vm.warp(deadline + 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EtroSwap.DeadlineExpired.selector, deadline, deadline + 1));
        swapper.swap(1000e18, 0, deadline);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EtroSwap.DeadlineExpired.selector, deadline, deadline + 1));
        swapper.sell(1000e18, 0, deadline);
        // The deadline is checked first: an expired zero trade reports the deadline.
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EtroSwap.DeadlineExpired.selector, deadline, deadline + 1));
        swapper.swap(0, 0, deadline);
        assertEq(usdt.balanceOf(alice), 100_000e18, "alice paid nothing");
        assertEq(etro.balanceOf(bob), 100_000e18, "bob sold nothing");
        assertEq(ledger.credited(alice), 0, "nothing locked");
    }

    function test_TradesExecuteUpToAndAtTheDeadline() public {
        uint256 out = _buy(alice, 1000e18, 0);
        assertGt(out, 0, "deadline == block time executes");
        vm.prank(bob);
        assertGt(swapper.sell(1000e18, 0, block.timestamp + 20 minutes), 0, "a later deadline executes");
    }

    function test_TradesRevertForZeroAndForDust() public {
        vm.prank(alice);
        vm.expectRevert(EtroSwap.ZeroAmount.selector);
        swapper.swap(0, 0, block.timestamp);
        // 1 wei of ETRO is worth less than 1 wei of USDT at 0.5 USDT per ETRO: nothing would come out.
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EtroSwap.InsufficientOutput.selector, 0, 0));
        swapper.sell(1, 0, block.timestamp);
    }

    function test_BuyRevertsWhenTheSwapIsNotALedgerWriter() public {
        ledger.removeWriter(address(swapper));
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotWriter.selector, address(swapper)));
        swapper.swap(1000e18, 0, block.timestamp);
    }

    function test_QuotesMatchTheTrades() public {
        (uint256 fee, uint256 quotedOut) = swapper.quoteBuy(5000e18);
        assertEq(fee, 300e18, "quoted fee");
        assertEq(_buy(alice, 5000e18, 0), quotedOut, "buy pays the quote");
        uint256 quotedSell = swapper.quoteSell(3000e18);
        vm.prank(bob);
        assertEq(swapper.sell(3000e18, 0, block.timestamp), quotedSell, "sell pays the quote");
    }

    function test_BuyMatchesTheRouterOnTheAmountAfterTheFee() public {
        address[] memory path = new address[](2);
        path[0] = address(usdt);
        path[1] = address(etro);
        uint256 routerOut = router.getAmountsOut(940e18, path)[1];
        assertEq(_buy(alice, 1000e18, 0), routerOut, "same as Router02 for 940 USDT");
    }

    function test_SellPaysUsdtWithoutFee() public {
        uint256 amountIn = 4000e18;
        uint256 expectedOut = uniAmountOut(amountIn, POOL_ETRO, POOL_USDT);
        vm.expectEmit(address(swapper));
        emit Trade(bob, false, amountIn, expectedOut, 0);
        vm.prank(bob);
        uint256 out = swapper.sell(amountIn, expectedOut, block.timestamp);
        assertEq(out, expectedOut, "constant-product output");
        assertEq(usdt.balanceOf(bob), out, "USDT straight to the seller");
        assertEq(etro.balanceOf(bob), 100_000e18 - amountIn, "ETRO taken");
        assertEq(usdt.balanceOf(feeReceiver), 0, "no fee on a sell");
        assertEq(ledger.credited(bob), 0, "nothing locked");
    }

    function test_SellRevertsBelowMinimumOutput() public {
        uint256 quoted = swapper.quoteSell(1000e18);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EtroSwap.InsufficientOutput.selector, quoted, quoted + 1));
        swapper.sell(1000e18, quoted + 1, block.timestamp);
        vm.prank(bob);
        vm.expectRevert(EtroSwap.ZeroAmount.selector);
        swapper.sell(0, 0, block.timestamp);
    }

    function test_OwnerSetsFeeReceiverAndVesting() public {
        swapper.setFeeBps(300);
        swapper.setFeeReceiver(bob);
        swapper.setVestingDuration(2 hours);
        _buy(alice, 1000e18, 0);
        assertEq(usdt.balanceOf(bob), 30e18, "3 % to the new receiver");
        (, uint256 last) = ledger.releaseTimesOf(alice);
        assertEq(last, block.timestamp + 2 hours, "new vesting duration");

        swapper.setFeeBps(0);
        _buy(alice, 1000e18, 0);
        assertEq(usdt.balanceOf(bob), 30e18, "no fee at 0 bps");
    }

    function test_SettersAreBoundedAndOwnerOnly() public {
        vm.expectRevert(abi.encodeWithSelector(EtroSwap.FeeTooHigh.selector, 2001, 2000));
        swapper.setFeeBps(2001);
        vm.expectRevert(abi.encodeWithSelector(EtroSwap.VestingTooLong.selector, 30 days + 1, 30 days));
        swapper.setVestingDuration(30 days + 1);
        vm.expectRevert(EtroSwap.ZeroAddress.selector);
        swapper.setFeeReceiver(address(0));

        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        swapper.setFeeBps(100);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        swapper.setFeeReceiver(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        swapper.setVestingDuration(1);
        vm.stopPrank();
    }

    function test_OwnershipMovesInTwoSteps() public {
        swapper.transferOwnership(alice);
        assertEq(swapper.owner(), address(this), "still the owner until accepted");
        vm.prank(alice);
        swapper.acceptOwnership();
        assertEq(swapper.owner(), alice, "alice accepted");
    }

    function testFuzz_BuySplitsFeeAndLocksTheOutput(uint256 amountIn, uint256 feeBps) public {
        amountIn = bound(amountIn, 1e12, 100_000e18);
        feeBps = bound(feeBps, 0, 2000);
        swapper.setFeeBps(feeBps);
        uint256 fee = amountIn * feeBps / 10_000;
        uint256 expectedOut = uniAmountOut(amountIn - fee, POOL_USDT, POOL_ETRO);
        uint256 out = _buy(alice, amountIn, expectedOut);
        assertEq(out, expectedOut, "output");
        assertEq(usdt.balanceOf(feeReceiver), fee, "fee");
        (, uint256 rUsdt) = reserves(address(eulp), address(etro));
        assertEq(fee + (rUsdt - POOL_USDT), amountIn, "fee + swapped == paid");
        assertEq(ledger.credited(alice), out, "credited == bought");
        assertLt(out, (amountIn - fee) * 2, "never better than the spot price");
    }

    function testFuzz_ReleasedNeverExceedsBought(uint256 amountIn, uint256 elapsed) public {
        amountIn = bound(amountIn, 1e12, 100_000e18);
        elapsed = bound(elapsed, 0, 3 days);
        uint256 out = _buy(alice, amountIn, 0);
        vm.warp(block.timestamp + elapsed);
        uint256 expected = elapsed >= 24 hours ? out : out * elapsed / 24 hours;
        assertEq(ledger.released(alice), expected, "linear over 24 h");
        assertLe(ledger.released(alice), out, "released <= bought");
    }

    function testFuzz_SellMatchesFormula(uint256 amountIn) public {
        amountIn = bound(amountIn, 1e12, 100_000e18);
        uint256 expectedOut = uniAmountOut(amountIn, POOL_ETRO, POOL_USDT);
        vm.prank(bob);
        assertEq(swapper.sell(amountIn, expectedOut, block.timestamp), expectedOut, "output");
        assertEq(usdt.balanceOf(bob), expectedOut, "received");
    }

    function testFuzz_AnExpiredDeadlineIsRefused(uint256 deadline, uint256 late, uint256 amountIn, bool isBuy) public {
        late = bound(late, 1, 365 days);
        deadline = bound(deadline, 0, block.timestamp);
        amountIn = bound(amountIn, 1e12, 100_000e18);
        vm.warp(deadline + late);
        address trader = isBuy ? alice : bob;
        vm.prank(trader);
        vm.expectRevert(abi.encodeWithSelector(EtroSwap.DeadlineExpired.selector, deadline, deadline + late));
        if (isBuy) swapper.swap(amountIn, 0, deadline);
        else swapper.sell(amountIn, 0, deadline);
        assertEq(usdt.balanceOf(alice) + usdt.balanceOf(bob), 100_000e18, "no USDT moved");
        assertEq(etro.balanceOf(bob), 100_000e18, "no ETRO moved");
        assertEq(ledger.totalCredited(), 0, "nothing locked");
    }

    function testFuzz_ATradeBeforeItsDeadlineExecutes(uint256 deadline, uint256 amountIn) public {
        deadline = bound(deadline, block.timestamp, type(uint256).max);
        amountIn = bound(amountIn, 1e12, 100_000e18);
        vm.prank(alice);
        assertEq(
            swapper.swap(amountIn, 0, deadline),
            uniAmountOut(amountIn - amountIn * 600 / 10_000, POOL_USDT, POOL_ETRO),
            "buy executes"
        );
    }

    function test_RevertsWithoutLiquidity() public {
        EternoToken etro2 = new EternoToken("ETERNO 2", "ETRO2", 1000e18, address(this));
        IPair empty = IPair(IFactoryCreate(address(factory)).createPair(address(etro2), address(usdt)));
        LockLedger ledger2 = new LockLedger(etro2, address(this));
        EtroSwap swap2 = new EtroSwap(empty, usdt, etro2, ledger2, feeReceiver, address(this));
        vm.expectRevert(EtroSwap.NoLiquidity.selector);
        swap2.quoteBuy(1e18);
        vm.prank(alice);
        vm.expectRevert(EtroSwap.NoLiquidity.selector);
        swap2.swap(1e18, 0, block.timestamp);
    }
}

/// @dev The factory's createPair (not in the shared test interface).
interface IFactoryCreate {
    function createPair(address tokenA, address tokenB) external returns (address pair);
}
