// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {EternoToken} from "../src/EternoToken.sol";
import {Test} from "./utils/Test.sol";
import {
    IUniswapV2Factory,
    IUniswapV2Pair,
    IUniswapV2Router02,
    IWETH9,
    UniswapV2Deployer
} from "./utils/UniswapV2.sol";

/// @notice The AMM wiring the app relies on: the npm Uniswap V2 artifacts deployed as the deploy
///         script does, the ETRO/USDT pool (EULP) opened at 1 ETRO = 0.5 USDT, and swaps through it.
contract UniswapV2Test is Test {
    uint256 private constant SEED_ETRO = 1_000_000e18;
    uint256 private constant SEED_USDT = 500_000e18;
    uint256 private constant MINIMUM_LIQUIDITY = 1000;

    address private alice = address(0xA11CE);
    EternoToken private etro;
    EternoToken private usdt;
    IWETH9 private wfon;
    IUniswapV2Factory private factory;
    IUniswapV2Router02 private router;
    IUniswapV2Pair private eulp;
    uint256 private lpMinted;

    function setUp() public {
        etro = new EternoToken("ETERNO", "ETRO", 100_000_000e18, address(this));
        usdt = new EternoToken("Tether USD", "USDT", 1_000_000_000e18, address(this));
        (wfon, factory, router) = UniswapV2Deployer.deployAll(address(this));

        etro.approve(address(router), SEED_ETRO);
        usdt.approve(address(router), SEED_USDT);
        (,, lpMinted) = router.addLiquidity(
            address(etro), address(usdt), SEED_ETRO, SEED_USDT, SEED_ETRO, SEED_USDT, address(this), block.timestamp
        );
        eulp = IUniswapV2Pair(factory.getPair(address(etro), address(usdt)));

        require(etro.transfer(alice, 100_000e18), "fund alice");
    }

    function test_RouterIsWiredToFactoryAndWfon() public view {
        assertEq(router.factory(), address(factory), "router factory");
        assertEq(router.WETH(), address(wfon), "router WETH");
        assertEq(factory.feeToSetter(), address(this), "fee setter");
        assertEq(factory.allPairsLength(), 1, "one pair");
    }

    function test_PairHoldsTheSeededReserves() public view {
        assertTrue(address(eulp) != address(0), "pair exists");
        (uint112 r0, uint112 r1,) = eulp.getReserves();
        (uint256 rEtro, uint256 rUsdt) = eulp.token0() == address(etro) ? (uint256(r0), uint256(r1)) : (uint256(r1), uint256(r0));
        assertEq(rEtro, SEED_ETRO, "ETRO reserve");
        assertEq(rUsdt, SEED_USDT, "USDT reserve");
        assertEq(rUsdt * 1e18 / rEtro, 0.5e18, "1 ETRO = 0.5 USDT");
    }

    function test_LiquidityProviderGetsSqrtKMinusMinimum() public view {
        uint256 expected = Math.sqrt(SEED_ETRO * SEED_USDT) - MINIMUM_LIQUIDITY;
        assertEq(lpMinted, expected, "LP minted");
        assertEq(eulp.balanceOf(address(this)), expected, "LP balance");
        assertEq(eulp.totalSupply(), expected + MINIMUM_LIQUIDITY, "LP supply");
    }

    function test_SecondProviderAtTheSamePriceGetsProportionalLp() public {
        uint256 addEtro = 2000e18;
        uint256 addUsdt = 1000e18;
        require(usdt.transfer(alice, addUsdt), "fund alice USDT");
        uint256 supplyBefore = eulp.totalSupply();

        vm.startPrank(alice);
        etro.approve(address(router), addEtro);
        usdt.approve(address(router), addUsdt);
        (uint256 usedEtro, uint256 usedUsdt, uint256 minted) = router.addLiquidity(
            address(etro), address(usdt), addEtro, addUsdt, addEtro, addUsdt, alice, block.timestamp
        );
        vm.stopPrank();

        assertEq(usedEtro, addEtro, "ETRO used");
        assertEq(usedUsdt, addUsdt, "USDT used");
        assertEq(minted, addEtro * supplyBefore / SEED_ETRO, "LP in proportion to the deposit");
        assertEq(eulp.balanceOf(alice), minted, "alice holds her LP");
        (uint112 r0, uint112 r1,) = eulp.getReserves();
        (uint256 rEtro, uint256 rUsdt) = eulp.token0() == address(etro) ? (uint256(r0), uint256(r1)) : (uint256(r1), uint256(r0));
        assertEq(rEtro, SEED_ETRO + addEtro, "ETRO reserve");
        assertEq(rUsdt, SEED_USDT + addUsdt, "USDT reserve");
        assertEq(rUsdt * 1e18 / rEtro, 0.5e18, "price unchanged");
    }

    function test_SwapEtroForUsdtPaysConstantProductOutput() public {
        uint256 amountIn = 1000e18;
        uint256 expectedOut = _amountOut(amountIn, SEED_ETRO, SEED_USDT);
        // 1000 ETRO at 0.5 USDT, less the 0.3% fee and the price impact: just under 498.5 USDT.
        assertLt(expectedOut, 498.5e18, "fee and impact applied");
        assertGt(expectedOut, 498e18, "close to the spot price");

        address[] memory path = _path(address(etro), address(usdt));
        assertEq(router.getAmountsOut(amountIn, path)[1], expectedOut, "router quote");

        vm.startPrank(alice);
        etro.approve(address(router), amountIn);
        router.swapExactTokensForTokens(amountIn, expectedOut, path, alice, block.timestamp);
        vm.stopPrank();

        assertEq(usdt.balanceOf(alice), expectedOut, "alice received USDT");
        assertEq(etro.balanceOf(alice), 99_000e18, "alice paid ETRO");
        (uint112 r0, uint112 r1,) = eulp.getReserves();
        (uint256 rEtro, uint256 rUsdt) = eulp.token0() == address(etro) ? (uint256(r0), uint256(r1)) : (uint256(r1), uint256(r0));
        assertEq(rEtro, SEED_ETRO + amountIn, "ETRO reserve after");
        assertEq(rUsdt, SEED_USDT - expectedOut, "USDT reserve after");
    }

    function test_SwapRevertsBelowMinimumOutput() public {
        uint256 amountIn = 1000e18;
        address[] memory path = _path(address(etro), address(usdt));
        uint256 quoted = router.getAmountsOut(amountIn, path)[1];
        vm.startPrank(alice);
        etro.approve(address(router), amountIn);
        vm.expectRevert(bytes("UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT"));
        router.swapExactTokensForTokens(amountIn, quoted + 1, path, alice, block.timestamp);
        vm.stopPrank();
    }

    function testFuzz_SwapOutputMatchesFormula(uint256 amountIn) public {
        amountIn = bound(amountIn, 1e12, 100_000e18);
        uint256 expectedOut = _amountOut(amountIn, SEED_ETRO, SEED_USDT);
        vm.startPrank(alice);
        etro.approve(address(router), amountIn);
        uint256[] memory amounts =
            router.swapExactTokensForTokens(amountIn, 0, _path(address(etro), address(usdt)), alice, block.timestamp);
        vm.stopPrank();
        assertEq(amounts[1], expectedOut, "swap output");
        assertEq(usdt.balanceOf(alice), expectedOut, "received");
        assertLt(expectedOut, amountIn / 2, "never better than the spot price");
    }

    function test_WfonWrapsAndUnwrapsFon() public {
        vm.deal(alice, 3 ether);
        vm.prank(alice);
        wfon.deposit{value: 2 ether}();
        assertEq(wfon.balanceOf(alice), 2 ether, "wrapped");
        vm.prank(alice);
        wfon.withdraw(0.5 ether);
        assertEq(wfon.balanceOf(alice), 1.5 ether, "unwrapped part");
        assertEq(alice.balance, 1.5 ether, "FON back");
    }

    /// @dev Uniswap V2's getAmountOut, written out independently of the router.
    function _amountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) private pure returns (uint256) {
        uint256 inWithFee = amountIn * 997;
        return (inWithFee * reserveOut) / (reserveIn * 1000 + inWithFee);
    }

    function _path(address a, address b) private pure returns (address[] memory path) {
        path = new address[](2);
        path[0] = a;
        path[1] = b;
    }
}
