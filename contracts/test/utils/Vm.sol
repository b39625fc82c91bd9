// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Vm
/// @notice The subset of Foundry's cheatcodes our tests use (forge-std is not available here).
/// @dev Signatures follow Foundry's cheatcode specification; the address is keccak256("hevm cheat code").
interface Vm {
    // Environment
    function warp(uint256 newTimestamp) external;
    function chainId(uint256 newChainId) external;
    function roll(uint256 newHeight) external;
    function deal(address account, uint256 newBalance) external;
    function prank(address msgSender) external;
    function startPrank(address msgSender) external;
    function stopPrank() external;
    function label(address account, string calldata newLabel) external;
    function assume(bool condition) external pure;

    // Keys and signatures
    function addr(uint256 privateKey) external pure returns (address keyAddr);
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);

    // Expectations
    function expectRevert() external;
    function expectRevert(bytes4 revertData) external;
    function expectRevert(bytes calldata revertData) external;
    function expectEmit() external;
    function expectEmit(address emitter) external;

    // Gas section snapshots (written to snapshots/<group>.json)
    function startSnapshotGas(string calldata group, string calldata name) external;
    function stopSnapshotGas() external returns (uint256 gasUsed);

    // Files and JSON
    function readFile(string calldata path) external view returns (string memory data);
    function parseJsonBytes(string calldata json, string calldata key) external pure returns (bytes memory);

    // Assertions
    function assertTrue(bool condition, string calldata err) external pure;
    function assertFalse(bool condition, string calldata err) external pure;
    function assertEq(uint256 left, uint256 right, string calldata err) external pure;
    function assertEq(address left, address right, string calldata err) external pure;
    function assertEq(bool left, bool right, string calldata err) external pure;
    function assertEq(bytes32 left, bytes32 right, string calldata err) external pure;
    function assertEq(string calldata left, string calldata right, string calldata err) external pure;
    function assertEq(bytes calldata left, bytes calldata right, string calldata err) external pure;
    function assertGt(uint256 left, uint256 right, string calldata err) external pure;
    function assertLt(uint256 left, uint256 right, string calldata err) external pure;
    function assertGe(uint256 left, uint256 right, string calldata err) external pure;
    function assertLe(uint256 left, uint256 right, string calldata err) external pure;
    function assertApproxEqAbs(uint256 left, uint256 right, uint256 maxDelta, string calldata err) external pure;
}
