// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ReferralRegistry} from "../../src/ReferralRegistry.sol";
import {Test} from "./Test.sol";

/// @notice A registry with one genesis root and anvil's account 9 as placement signer, and the
///         Placement attestation written out from the interface's type string, independently of the
///         contract under test.
abstract contract ReferralRegistryFixture is Test {
    bytes32 internal constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 internal constant PLACEMENT_TYPE =
        keccak256("Placement(address user,address inviter,address contact,uint8 side,uint256 deadline)");
    /// @dev anvil's account 9, the local placement signer.
    uint256 internal constant SIGNER_KEY = 0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6;
    uint256 internal constant OTHER_KEY = 0xA11CE5;
    uint8 internal constant LEFT = 0;
    uint8 internal constant RIGHT = 1;

    address internal owner = address(0x0A11);
    address internal root = address(0x1000);
    ReferralRegistry internal registry;

    /// @dev Deploys the registry with `root` as the only genesis account.
    function deployRegistry() internal {
        address[] memory genesis = new address[](1);
        genesis[0] = root;
        registry = new ReferralRegistry(owner, genesis, vm.addr(SIGNER_KEY));
    }

    /// @dev A fresh wallet for user number `n`.
    function user(uint256 n) internal pure returns (address) {
        return address(uint160(0x10000 + n));
    }

    function placementDigest(address who, address inviter, address contact, uint8 side, uint256 deadline)
        internal
        view
        returns (bytes32)
    {
        bytes32 domain = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("ReferralRegistry"), keccak256("1"), block.chainid, address(registry))
        );
        bytes32 structHash = keccak256(abi.encode(PLACEMENT_TYPE, who, inviter, contact, side, deadline));
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    /// @dev `key`'s attestation, 65 bytes r‖s‖v.
    function attest(uint256 key, address who, address inviter, address contact, uint8 side, uint256 deadline)
        internal
        view
        returns (bytes memory)
    {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, placementDigest(who, inviter, contact, side, deadline));
        return abi.encodePacked(r, s, v);
    }

    /// @dev `who` registers automatically under `inviter` on `side`.
    function join(address who, address inviter, uint8 side) internal returns (uint256) {
        vm.prank(who);
        return registry.register(inviter, side);
    }

    /// @dev `who` registers under `contact` on `side`, with the signer's attestation when needed.
    function joinUnder(address who, address inviter, address contact, uint8 side) internal returns (uint256) {
        bytes memory sig =
            contact == inviter ? bytes("") : attest(SIGNER_KEY, who, inviter, contact, side, block.timestamp + 1 hours);
        vm.prank(who);
        return registry.registerUnder(inviter, contact, side, block.timestamp + 1 hours, sig);
    }

    /// @dev The parent of `who`.
    function parentOf(address who) internal view returns (address parent) {
        (,, parent,,,,,) = registry.accountOf(who);
    }

    /// @dev The `side` child of `who`.
    function childOf(address who, uint8 side) internal view returns (address) {
        (,,,,,, address left, address right) = registry.accountOf(who);
        return side == 0 ? left : right;
    }
}
