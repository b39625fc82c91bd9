// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice A test ERC-20 that, once armed, calls `target` with `data` from inside every transfer (a
///         malicious or hook-bearing token trying to re-enter the vault).
contract ReentrantToken is ERC20 {
    address public target;
    bytes public data;

    constructor(uint256 supply, address recipient) ERC20("Reentrant", "REE") {
        _mint(recipient, supply);
    }

    function arm(address target_, bytes calldata data_) external {
        target = target_;
        data = data_;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (target != address(0) && from != address(0)) {
            (bool ok, bytes memory reason) = target.call(data);
            if (!ok) {
                assembly ("memory-safe") {
                    revert(add(reason, 32), mload(reason))
                }
            }
        }
    }
}
