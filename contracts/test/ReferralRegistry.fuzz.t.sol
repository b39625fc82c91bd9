// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IReferralRegistry} from "../src/interfaces/IReferralRegistry.sol";
import {ReferralRegistry} from "../src/ReferralRegistry.sol";
import {ReferralRegistryHandler} from "./handlers/ReferralRegistryHandler.sol";
import {ReferralRegistryFixture} from "./utils/ReferralRegistryFixture.sol";

/// @notice Fuzzed trees and placements: random sequences of automatic and manual registrations land
///         where a walk of the tree says (the handler checks each seat), an attestation works for its own
///         user only, a seat is given once, and a side other than 0 or 1 is refused.
contract ReferralRegistryFuzzTest is ReferralRegistryFixture {
    ReferralRegistryHandler private handler;

    function setUp() public {
        vm.warp(1_000_000);
        deployRegistry();
        address[] memory genesis = new address[](1);
        genesis[0] = root;
        handler = new ReferralRegistryHandler(registry, SIGNER_KEY, owner, genesis);
    }

    function testFuzz_RandomTrees_EverySeatWhereTheWalkSays(uint256[24] calldata seeds) public {
        for (uint256 i = 0; i < seeds.length; ++i) {
            uint256 seed = seeds[i];
            uint8 side = uint8(seed >> 8);
            if (seed % 3 == 0) handler.registerManual(seed >> 16, seed >> 32, side);
            else handler.registerAuto(seed >> 16, side);
        }
        uint256 n = handler.count();
        assertEq(registry.accountCount(), n, "count");
        for (uint256 id = 2; id <= n; ++id) {
            uint256 parent = handler.parents(id);
            assertLt(parent, id, "parent before child");
            ReferralRegistry.Links memory up = registry.linksOf(parent);
            assertEq(handler.sides(id) == 0 ? up.left : up.right, id, "the parent's seat holds the child");
            for (uint8 s = 0; s < 2; ++s) {
                assertEq(
                    registry.legEnd(handler.wallets(id), s),
                    handler.wallets(handler.walkEnd(id, s)),
                    "legEnd is the walked end"
                );
            }
        }
    }

    function testFuzz_Attestation_WorksForItsOwnUserOnly(address other, uint8 sideSeed, uint32 ttl) public {
        address bob = user(2);
        vm.assume(other != bob && other != address(0) && other != root);
        uint8 side = sideSeed % 2;
        join(user(1), root, 0);
        uint256 deadline = block.timestamp + ttl;
        bytes memory sig = attest(SIGNER_KEY, bob, root, user(1), side, deadline);
        vm.prank(other);
        (bool ok,) = address(registry)
            .call(abi.encodeCall(IReferralRegistry.registerUnder, (root, user(1), side, deadline, sig)));
        assertFalse(ok, "another user used the attestation");
        assertFalse(registry.isRegistered(other), "other not registered");
        vm.prank(bob);
        registry.registerUnder(root, user(1), side, deadline, sig);
        assertEq(parentOf(bob), user(1), "bob seated");
    }

    function testFuzz_RegisterUnder_ASeatIsGivenOnce(uint256 seed, uint8 sideSeed) public {
        for (uint256 i = 0; i < 6; ++i) {
            handler.registerAuto(seed >> i, uint8(seed >> (i + 8)));
        }
        uint8 side = sideSeed % 2;
        uint256 contact = 1 + (seed % handler.count());
        contact = handler.walkEnd(contact, side);
        address contactWallet = handler.wallets(contact);
        joinUnder(user(100), root, contactWallet, side);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.SeatTaken.selector, contactWallet, side));
        joinUnder(user(101), root, contactWallet, side);
    }

    function testFuzz_Register_RefusesAnySideButLeftAndRight(uint8 side) public {
        vm.assume(side > 1);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.InvalidSide.selector, side));
        join(user(1), root, side);
    }
}
