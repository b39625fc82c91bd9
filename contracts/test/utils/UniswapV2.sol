// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Vm} from "./Vm.sol";

/// @notice The Uniswap V2 factory functions the tests use.
interface IUniswapV2Factory {
    function feeToSetter() external view returns (address);
    function getPair(address tokenA, address tokenB) external view returns (address pair);
    function allPairsLength() external view returns (uint256);
}

/// @notice The Uniswap V2 pair (the LP token) functions the tests use.
interface IUniswapV2Pair {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function totalSupply() external view returns (uint256);
    function balanceOf(address owner) external view returns (uint256);
}

/// @notice The Uniswap V2 Router02 functions the tests use.
interface IUniswapV2Router02 {
    function factory() external view returns (address);
    function WETH() external view returns (address);
    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external returns (uint256 amountA, uint256 amountB, uint256 liquidity);
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory amounts);
    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
}

/// @notice WETH9 (deployed as WFON).
interface IWETH9 {
    function deposit() external payable;
    function withdraw(uint256 wad) external;
    function balanceOf(address owner) external view returns (uint256);
}

/// @title UniswapV2Deployer
/// @notice Deploys WETH9, UniswapV2Factory and UniswapV2Router02 from the npm build artifacts,
///         exactly the bytecode the deploy script puts on chain.
library UniswapV2Deployer {
    Vm private constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    string private constant CORE = "../node_modules/@uniswap/v2-core/build/";
    string private constant PERIPHERY = "../node_modules/@uniswap/v2-periphery/build/";

    /// @notice Thrown when a creation transaction produced no contract.
    error DeployFailed(string artifact);

    /// @notice The creation bytecode of an npm artifact.
    function creationCode(string memory path) internal view returns (bytes memory) {
        return vm.parseJsonBytes(vm.readFile(path), ".bytecode");
    }

    /// @notice Deploys `initCode` with CREATE.
    function create(bytes memory initCode, string memory artifact) internal returns (address deployed) {
        // Test-only helper: Solidity has no CREATE for raw bytecode without assembly.
        assembly ("memory-safe") {
            deployed := create(0, add(initCode, 0x20), mload(initCode))
        }
        if (deployed == address(0)) revert DeployFailed(artifact);
    }

    /// @notice Deploys WETH9, the factory (fee setter `feeToSetter`) and Router02 over them.
    function deployAll(address feeToSetter)
        internal
        returns (IWETH9 weth, IUniswapV2Factory factory, IUniswapV2Router02 router)
    {
        weth = IWETH9(create(creationCode(string.concat(PERIPHERY, "WETH9.json")), "WETH9"));
        factory = IUniswapV2Factory(
            create(
                bytes.concat(creationCode(string.concat(CORE, "UniswapV2Factory.json")), abi.encode(feeToSetter)),
                "UniswapV2Factory"
            )
        );
        router = IUniswapV2Router02(
            create(
                bytes.concat(
                    creationCode(string.concat(PERIPHERY, "UniswapV2Router02.json")),
                    abi.encode(address(factory), address(weth))
                ),
                "UniswapV2Router02"
            )
        );
    }
}
