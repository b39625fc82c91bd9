// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ReferralRegistry} from "../src/ReferralRegistry.sol";
import {ReferralRegistryHandler} from "./handlers/ReferralRegistryHandler.sol";
import {InvariantTest} from "./utils/InvariantTest.sol";
import {ReferralRegistryFixture} from "./utils/ReferralRegistryFixture.sol";

/// @notice Invariants of the registry under random automatic and manual registrations, refused
///         attempts and the owner's service levels (./handlers/ReferralRegistryHandler.sol): the
///         contract's tree is the handler's (every seat as predicted by walking it), every account has
///         at most one parent and two children, a parent's id is below its child's (no cycles), and the
///         stored chain heads and ends are those a brute-force walk finds.
contract ReferralRegistryInvariantTest is ReferralRegistryFixture, InvariantTest {
    ReferralRegistryHandler private handler;

    function setUp() public {
        vm.warp(1_000_000);
        address[] memory genesis = new address[](2);
        genesis[0] = root;
        genesis[1] = address(0x2000);
        registry = new ReferralRegistry(owner, genesis, vm.addr(SIGNER_KEY));
        handler = new ReferralRegistryHandler(registry, SIGNER_KEY, owner, genesis);

        bytes4[] memory selectors = new bytes4[](11);
        selectors[0] = ReferralRegistryHandler.registerAuto.selector;
        selectors[1] = ReferralRegistryHandler.registerManual.selector;
        selectors[2] = ReferralRegistryHandler.registerOnTakenSeat.selector;
        selectors[3] = ReferralRegistryHandler.registerAgain.selector;
        selectors[4] = ReferralRegistryHandler.setServiceLevel.selector;
        selectors[5] = ReferralRegistryHandler.registerWithPendingKey.selector;
        selectors[6] = ReferralRegistryHandler.proposeSigner.selector;
        selectors[7] = ReferralRegistryHandler.activateSigner.selector;
        selectors[8] = ReferralRegistryHandler.cancelSigner.selector;
        selectors[9] = ReferralRegistryHandler.revokeSigner.selector;
        selectors[10] = ReferralRegistryHandler.wait.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        targetContract(address(handler));
    }

    function invariant_TheTreeIsTheHandlers() public view {
        uint256 n = handler.count();
        assertEq(registry.accountCount(), n, "count");
        for (uint256 id = 1; id <= n; ++id) {
            address wallet = handler.wallets(id);
            assertEq(registry.walletOf(id), wallet, "wallet of id");
            assertEq(registry.idOf(wallet), id, "id of wallet");
            (, address inviter, address parent, uint8 side, bool isOriginal, uint8 level, address left, address right) =
                registry.accountOf(wallet);
            assertEq(parent, handler.wallets(handler.parents(id)), "parent");
            assertEq(inviter, handler.wallets(handler.inviters(id)), "inviter");
            assertEq(uint256(side), uint256(handler.sides(id)), "side");
            assertEq(isOriginal, id <= 2, "only the genesis accounts are original");
            assertEq(uint256(level), uint256(handler.levels(id)), "service level");
            assertEq(left, handler.wallets(handler.lefts(id)), "left child");
            assertEq(right, handler.wallets(handler.rights(id)), "right child");
        }
    }

    function invariant_OneParentTwoChildrenNoCycles() public view {
        uint256 n = handler.count();
        for (uint256 id = 1; id <= n; ++id) {
            uint256 parent = handler.parents(id);
            if (id <= 2) {
                assertEq(parent, 0, "genesis accounts are roots");
                continue;
            }
            assertLt(parent, id, "a parent's id is below its child's");
            assertGt(parent, 0, "every other account has a parent");
            ReferralRegistry.Links memory up = registry.linksOf(parent);
            assertEq(handler.sides(id) == 0 ? up.left : up.right, id, "the parent's seat holds the child");
            ReferralRegistry.Links memory links = registry.linksOf(id);
            assertTrue(links.left == 0 || links.left != links.right, "two distinct children");
        }
    }

    function invariant_ChainHeadsAndEndsMatchAWalk() public view {
        uint256 n = handler.count();
        for (uint256 id = 1; id <= n; ++id) {
            ReferralRegistry.Links memory links = registry.linksOf(id);
            for (uint8 side = 0; side < 2; ++side) {
                uint256 head = handler.walkHead(id, side);
                assertEq(side == 0 ? links.headLeft : links.headRight, head, "chain head");
                ReferralRegistry.Links memory top = registry.linksOf(head);
                assertEq(side == 0 ? top.endLeft : top.endRight, handler.walkEnd(head, side), "chain end");
                assertEq(
                    registry.legEnd(handler.wallets(id), side), handler.wallets(handler.walkEnd(id, side)), "legEnd"
                );
            }
        }
    }

    /// @notice The signer and its proposal are the handler's: a key counts only once activated after its delay.
    function invariant_ThePlacementSignerIsTheHandlers() public view {
        uint256 key = handler.signerKey();
        assertEq(registry.placementSigner(), key == 0 ? address(0) : vm.addr(key), "placement signer");
        uint256 pending = handler.pendingKey();
        assertEq(registry.pendingPlacementSigner(), pending == 0 ? address(0) : vm.addr(pending), "pending signer");
        assertEq(registry.pendingPlacementSignerEta(), handler.pendingEta(), "pending eta");
    }

    function invariant_SomethingHappened() public view {
        assertEq(handler.count(), 2 + handler.automatic() + handler.manual(), "every registration recorded");
    }
}
