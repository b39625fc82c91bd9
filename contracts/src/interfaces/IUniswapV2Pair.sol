// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IUniswapV2Pair
/// @author ETERNO
/// @notice The Uniswap V2 pair functions the ETERNO contracts call (the npm `@uniswap/v2-core` pair).
interface IUniswapV2Pair {
    /// @notice The pair's lower-sorted token.
    /// @return The token address.
    function token0() external view returns (address);

    /// @notice The pair's higher-sorted token.
    /// @return The token address.
    function token1() external view returns (address);

    /// @notice The reserves the pair last synced.
    /// @return reserve0 Reserve of token0.
    /// @return reserve1 Reserve of token1.
    /// @return blockTimestampLast When they were last updated (mod 2^32).
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);

    /// @notice Sends the requested outputs to `to`; the inputs must already be in the pair.
    /// @param amount0Out Token0 to send.
    /// @param amount1Out Token1 to send.
    /// @param to The receiver.
    /// @param data Flash-swap callback data (empty: no callback).
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}
