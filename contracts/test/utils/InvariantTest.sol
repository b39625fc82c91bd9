// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title InvariantTest
/// @notice The part of forge-std's StdInvariant our invariant suites need: forge reads the targets
///         through `targetContracts()`, `targetSelectors()` and `targetSenders()` (the names and the
///         FuzzSelector layout forge's invariant runner looks for) after `setUp`.
abstract contract InvariantTest {
    /// @notice The functions of `addr` the fuzzer may call.
    struct FuzzSelector {
        address addr;
        bytes4[] selectors;
    }

    address[] private _targetedContracts;
    address[] private _targetedSenders;
    FuzzSelector[] private _targetedSelectors;

    /// @notice Makes `target` a contract the fuzzer calls (its functions, or those given by targetSelector).
    function targetContract(address target) internal {
        _targetedContracts.push(target);
    }

    /// @notice Restricts the fuzzer's calls on `selector.addr` to `selector.selectors`.
    function targetSelector(FuzzSelector memory selector) internal {
        _targetedSelectors.push(selector);
    }

    /// @notice Makes `sender` one of the addresses the fuzzer calls from.
    function targetSender(address sender) internal {
        _targetedSenders.push(sender);
    }

    /// @notice Read by forge: the contracts to call.
    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    /// @notice Read by forge: the functions to call, per contract.
    function targetSelectors() public view returns (FuzzSelector[] memory) {
        return _targetedSelectors;
    }

    /// @notice Read by forge: the senders to call from.
    function targetSenders() public view returns (address[] memory) {
        return _targetedSenders;
    }
}
