// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Vm} from "./Vm.sol";

/// @title Test
/// @notice A small base for forge tests: the cheatcode handle, assertions and a fuzz-input bound.
/// @dev Assertions forward to Foundry's assertion cheatcodes, which revert (fail the test) with a
///      message showing both values.
abstract contract Test {
    /// @notice Foundry's cheatcode contract.
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    /// @notice Fails unless `condition` holds.
    function assertTrue(bool condition, string memory err) internal pure {
        vm.assertTrue(condition, err);
    }

    /// @notice Fails unless `condition` is false.
    function assertFalse(bool condition, string memory err) internal pure {
        vm.assertFalse(condition, err);
    }

    /// @notice Fails unless the two values are equal.
    function assertEq(uint256 left, uint256 right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    /// @notice Fails unless the two addresses are equal.
    function assertEq(address left, address right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    /// @notice Fails unless the two booleans are equal.
    function assertEq(bool left, bool right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    /// @notice Fails unless the two words are equal.
    function assertEq(bytes32 left, bytes32 right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    /// @notice Fails unless the two strings are equal.
    function assertEq(string memory left, string memory right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    /// @notice Fails unless the two byte strings are equal.
    function assertEq(bytes memory left, bytes memory right, string memory err) internal pure {
        vm.assertEq(left, right, err);
    }

    /// @notice Fails unless `left > right`.
    function assertGt(uint256 left, uint256 right, string memory err) internal pure {
        vm.assertGt(left, right, err);
    }

    /// @notice Fails unless `left < right`.
    function assertLt(uint256 left, uint256 right, string memory err) internal pure {
        vm.assertLt(left, right, err);
    }

    /// @notice Fails unless `left >= right`.
    function assertGe(uint256 left, uint256 right, string memory err) internal pure {
        vm.assertGe(left, right, err);
    }

    /// @notice Fails unless `left <= right`.
    function assertLe(uint256 left, uint256 right, string memory err) internal pure {
        vm.assertLe(left, right, err);
    }

    /// @notice Fails unless `left` and `right` differ by at most `maxDelta`.
    function assertApproxEqAbs(uint256 left, uint256 right, uint256 maxDelta, string memory err) internal pure {
        vm.assertApproxEqAbs(left, right, maxDelta, err);
    }

    /// @notice Maps any fuzz input onto [min, max] (inclusive).
    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        require(min <= max, "bound: min > max");
        if (min == 0 && max == type(uint256).max) return x;
        return min + (x % (max - min + 1));
    }
}
