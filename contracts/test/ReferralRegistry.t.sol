// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IReferralRegistry} from "../src/interfaces/IReferralRegistry.sol";
import {ReferralRegistry} from "../src/ReferralRegistry.sol";
import {ReferralRegistryFixture} from "./utils/ReferralRegistryFixture.sol";

/// @notice The registry's rules one by one: genesis, automatic and manual placement, every error with
///         its arguments, the attestation's replays, racing for a seat, the owner's actions.
contract ReferralRegistryTest is ReferralRegistryFixture {
    address private alice = user(1);
    address private bob = user(2);
    address private carol = user(3);
    address private dave = user(4);

    function setUp() public {
        vm.warp(1_000_000);
        deployRegistry();
    }

    // ------------------------------------------------------------ deployment

    function test_Constructor_RegistersGenesisAsRootsInOrder() public {
        address[] memory genesis = new address[](2);
        genesis[0] = alice;
        genesis[1] = bob;
        ReferralRegistry r = new ReferralRegistry(owner, genesis, vm.addr(SIGNER_KEY));
        assertEq(r.accountCount(), 2, "two accounts");
        assertEq(r.walletOf(1), alice, "id 1");
        assertEq(r.walletOf(2), bob, "id 2");
        (uint256 id, address inviter, address parent, uint8 side, bool isOriginal, uint8 level, address l, address rr) =
            r.accountOf(bob);
        assertEq(id, 2, "bob's id");
        assertEq(inviter, address(0), "no inviter");
        assertEq(parent, address(0), "no parent");
        assertEq(uint256(side), 0, "side 0");
        assertTrue(isOriginal, "original");
        assertEq(uint256(level), 0, "no level");
        assertEq(l, address(0), "no left");
        assertEq(rr, address(0), "no right");
        assertEq(r.legEnd(alice, RIGHT), alice, "an empty leg ends at the root");
        assertEq(r.placementSigner(), vm.addr(SIGNER_KEY), "signer");
        assertEq(r.owner(), owner, "owner");
    }

    function test_Constructor_RefusesZeroAndDuplicateGenesisAndZeroSigner() public {
        address[] memory genesis = new address[](2);
        genesis[0] = alice;
        genesis[1] = alice;
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.AlreadyRegistered.selector, alice));
        new ReferralRegistry(owner, genesis, vm.addr(SIGNER_KEY));
        genesis[1] = address(0);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.ZeroAddress.selector));
        new ReferralRegistry(owner, genesis, vm.addr(SIGNER_KEY));
        genesis[1] = bob;
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.ZeroAddress.selector));
        new ReferralRegistry(owner, genesis, address(0));
    }

    function test_UnregisteredWallet_ReadsAsZero() public view {
        assertFalse(registry.isRegistered(alice), "not registered");
        (uint256 id, address inviter, address parent,, bool isOriginal,,,) = registry.accountOf(alice);
        assertEq(id, 0, "id 0");
        assertEq(inviter, address(0), "no inviter");
        assertEq(parent, address(0), "no parent");
        assertFalse(isOriginal, "not original");
        assertEq(registry.walletOf(2), address(0), "no id 2");
        assertEq(registry.idOf(alice), 0, "no id");
    }

    // ------------------------------------------------------------ automatic placement

    function test_Register_SeatsAtTheEndOfTheLeg() public {
        vm.expectEmit(address(registry));
        emit IReferralRegistry.Registered(alice, 2, root, root, LEFT, true);
        assertEq(join(alice, root, LEFT), 2, "alice id 2");
        assertEq(join(bob, root, LEFT), 3, "bob id 3");
        assertEq(join(carol, alice, LEFT), 4, "carol id 4");
        assertEq(parentOf(alice), root, "alice under root");
        assertEq(parentOf(bob), alice, "bob under alice (end of root's left leg)");
        assertEq(parentOf(carol), bob, "carol under bob (alice's left leg continues root's)");
        assertEq(registry.legEnd(root, LEFT), carol, "leg end");
        assertEq(registry.legEnd(alice, LEFT), carol, "same chain, same end");
        assertEq(registry.legEnd(alice, RIGHT), alice, "alice's right seat is free");
        (uint256 id, address inviter,, uint8 side, bool isOriginal,,,) = registry.accountOf(carol);
        assertEq(id, 4, "carol id");
        assertEq(inviter, alice, "carol's inviter");
        assertEq(uint256(side), LEFT, "carol's side");
        assertFalse(isOriginal, "not original");
        assertEq(registry.accountCount(), 4, "count");
        assertTrue(registry.isRegistered(carol), "registered");
    }

    function test_Register_OtherSideStartsANewChain() public {
        join(alice, root, LEFT);
        join(bob, alice, RIGHT);
        join(carol, alice, RIGHT);
        join(dave, root, LEFT);
        assertEq(parentOf(bob), alice, "bob is alice's right child");
        assertEq(parentOf(carol), bob, "carol continues alice's right leg");
        assertEq(parentOf(dave), alice, "dave takes alice's left seat (root's left leg)");
        ReferralRegistry.Links memory links = registry.linksOf(registry.idOf(carol));
        assertEq(links.headRight, registry.idOf(bob) - 1, "carol's right chain starts at alice");
        assertEq(links.headLeft, registry.idOf(carol), "carol heads her left chain");
        assertEq(links.endLeft, registry.idOf(carol), "which ends at her");
    }

    function test_Register_RacersOnOneLegBothSucceed() public {
        join(alice, root, RIGHT);
        uint256 a = join(bob, root, RIGHT);
        uint256 b = join(carol, root, RIGHT);
        assertEq(b, a + 1, "both registered");
        assertEq(parentOf(carol), bob, "the second takes the new end");
    }

    // ------------------------------------------------------------ refusals

    function test_Register_RefusesASecondRegistration() public {
        join(alice, root, LEFT);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.AlreadyRegistered.selector, alice));
        join(alice, root, RIGHT);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.AlreadyRegistered.selector, root));
        join(root, alice, RIGHT);
    }

    function test_Register_RefusesSelfInvite() public {
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.SelfInvite.selector, alice));
        join(alice, alice, LEFT);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.SelfInvite.selector, alice));
        joinUnder(alice, alice, root, LEFT);
    }

    function test_Register_RefusesAnUnregisteredOrZeroInviter() public {
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.NotRegistered.selector, bob));
        join(alice, bob, LEFT);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.ZeroAddress.selector));
        join(alice, address(0), LEFT);
    }

    function test_Register_RefusesABadSide() public {
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.InvalidSide.selector, uint8(2)));
        join(alice, root, 2);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.InvalidSide.selector, uint8(7)));
        joinUnder(alice, root, root, 7);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.InvalidSide.selector, uint8(2)));
        registry.legEnd(root, 2);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.NotRegistered.selector, alice));
        registry.legEnd(alice, 0);
    }

    // ------------------------------------------------------------ manual placement

    function test_RegisterUnder_InviterAsContactNeedsNoAttestation() public {
        join(alice, root, LEFT);
        vm.expectEmit(address(registry));
        emit IReferralRegistry.Registered(bob, 3, root, root, RIGHT, false);
        vm.prank(bob);
        registry.registerUnder(root, root, RIGHT, 0, "");
        assertEq(parentOf(bob), root, "bob in root's right seat");
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.SeatTaken.selector, root, LEFT));
        joinUnder(carol, root, root, LEFT);
    }

    function test_RegisterUnder_AnotherContactWithTheSignersAttestation() public {
        join(alice, root, LEFT);
        join(bob, root, LEFT);
        vm.expectEmit(address(registry));
        emit IReferralRegistry.Registered(carol, 4, root, alice, RIGHT, false);
        joinUnder(carol, root, alice, RIGHT);
        assertEq(childOf(alice, RIGHT), carol, "carol in alice's right seat");
        assertEq(registry.legEnd(root, LEFT), bob, "root's left leg unchanged");
        assertEq(registry.legEnd(alice, RIGHT), carol, "alice's right leg ends at carol");
        // Manual at the end of a leg keeps that leg's end right.
        joinUnder(dave, root, bob, LEFT);
        assertEq(registry.legEnd(root, LEFT), dave, "the leg grew");
    }

    function test_RegisterUnder_RefusesAnUnregisteredOrZeroContact() public {
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.NotRegistered.selector, bob));
        joinUnder(alice, root, bob, LEFT);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.ZeroAddress.selector));
        joinUnder(alice, root, address(0), LEFT);
    }

    function test_RegisterUnder_RacersForOneSeat_TheSecondGetsSeatTaken() public {
        join(alice, root, LEFT);
        uint256 deadline = block.timestamp + 1 hours;
        bytes memory forBob = attest(SIGNER_KEY, bob, root, alice, RIGHT, deadline);
        bytes memory forCarol = attest(SIGNER_KEY, carol, root, alice, RIGHT, deadline);
        vm.prank(bob);
        registry.registerUnder(root, alice, RIGHT, deadline, forBob);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.SeatTaken.selector, alice, RIGHT));
        vm.prank(carol);
        registry.registerUnder(root, alice, RIGHT, deadline, forCarol);
        assertFalse(registry.isRegistered(carol), "carol not registered");
    }

    // ------------------------------------------------------------ attestation replays

    function test_Attestation_RefusedAfterTheDeadline() public {
        join(alice, root, LEFT);
        uint256 deadline = block.timestamp + 1 hours;
        bytes memory sig = attest(SIGNER_KEY, bob, root, alice, RIGHT, deadline);
        vm.warp(deadline + 1);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.PlacementExpired.selector, deadline, deadline + 1));
        vm.prank(bob);
        registry.registerUnder(root, alice, RIGHT, deadline, sig);
        vm.warp(deadline);
        vm.prank(bob);
        registry.registerUnder(root, alice, RIGHT, deadline, sig);
        assertEq(parentOf(bob), alice, "accepted at the deadline itself");
    }

    function test_Attestation_BoundToTheUserSideContactInviterAndDeadline() public {
        join(alice, root, LEFT);
        join(dave, root, RIGHT);
        uint256 deadline = block.timestamp + 1 hours;
        bytes memory sig = attest(SIGNER_KEY, bob, root, alice, RIGHT, deadline);
        // Another user.
        expectBadSignature(carol, root, alice, RIGHT, deadline, sig);
        // Another side.
        expectBadSignature(bob, root, alice, LEFT, deadline, sig);
        // Another contact.
        expectBadSignature(bob, root, dave, RIGHT, deadline, sig);
        // Another inviter.
        expectBadSignature(bob, dave, alice, RIGHT, deadline, sig);
        // Another deadline.
        expectBadSignature(bob, root, alice, RIGHT, deadline + 1, sig);
        vm.prank(bob);
        registry.registerUnder(root, alice, RIGHT, deadline, sig);
        // After the seat is taken, and a second registration.
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.SeatTaken.selector, alice, RIGHT));
        vm.prank(carol);
        registry.registerUnder(root, alice, RIGHT, deadline, sig);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.AlreadyRegistered.selector, bob));
        vm.prank(bob);
        registry.registerUnder(root, alice, RIGHT, deadline, sig);
    }

    function test_Attestation_RefusesAnotherSignerAndMalformedSignatures() public {
        join(alice, root, LEFT);
        uint256 deadline = block.timestamp + 1 hours;
        bytes memory other = attest(OTHER_KEY, bob, root, alice, RIGHT, deadline);
        vm.expectRevert(
            abi.encodeWithSelector(IReferralRegistry.InvalidPlacementSignature.selector, vm.addr(OTHER_KEY))
        );
        vm.prank(bob);
        registry.registerUnder(root, alice, RIGHT, deadline, other);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.InvalidPlacementSignature.selector, address(0)));
        vm.prank(bob);
        registry.registerUnder(root, alice, RIGHT, deadline, "");
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.InvalidPlacementSignature.selector, address(0)));
        vm.prank(bob);
        registry.registerUnder(root, alice, RIGHT, deadline, new bytes(65));
    }

    function test_Attestation_OldSignerRefusedAfterRotation() public {
        join(alice, root, LEFT);
        uint256 deadline = block.timestamp + 3 days;
        bytes memory sig = attest(SIGNER_KEY, bob, root, alice, RIGHT, deadline);
        vm.prank(owner);
        registry.proposePlacementSigner(vm.addr(OTHER_KEY));
        vm.warp(block.timestamp + registry.PLACEMENT_SIGNER_DELAY());
        vm.expectEmit(address(registry));
        emit IReferralRegistry.PlacementSignerChanged(vm.addr(SIGNER_KEY), vm.addr(OTHER_KEY));
        vm.prank(owner);
        registry.activatePlacementSigner();
        expectBadSignature(bob, root, alice, RIGHT, deadline, sig);
        bytes memory fresh = attest(OTHER_KEY, bob, root, alice, RIGHT, deadline);
        vm.prank(bob);
        registry.registerUnder(root, alice, RIGHT, deadline, fresh);
        assertEq(parentOf(bob), alice, "the new signer's attestation works");
    }

    function test_PlacementSigner_ProposedSignerCountsOnlyAfterTheDelay() public {
        join(alice, root, LEFT);
        uint256 eta = block.timestamp + 2 days;
        vm.expectEmit(address(registry));
        emit IReferralRegistry.PlacementSignerProposed(vm.addr(OTHER_KEY), eta);
        vm.prank(owner);
        registry.proposePlacementSigner(vm.addr(OTHER_KEY));
        assertEq(registry.pendingPlacementSigner(), vm.addr(OTHER_KEY), "pending signer");
        assertEq(registry.pendingPlacementSignerEta(), eta, "pending eta");
        assertEq(registry.placementSigner(), vm.addr(SIGNER_KEY), "the signer is unchanged");

        // During the delay the proposed key's attestations are refused, the current key's accepted.
        uint256 deadline = eta + 1 days;
        expectBadSignature(bob, root, alice, RIGHT, deadline, attest(OTHER_KEY, bob, root, alice, RIGHT, deadline));
        vm.warp(eta - 1);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.PlacementSignerNotReady.selector, eta));
        vm.prank(owner);
        registry.activatePlacementSigner();
        vm.prank(bob);
        registry.registerUnder(root, alice, RIGHT, deadline, attest(SIGNER_KEY, bob, root, alice, RIGHT, deadline));

        vm.warp(eta);
        vm.prank(owner);
        registry.activatePlacementSigner();
        assertEq(registry.placementSigner(), vm.addr(OTHER_KEY), "activated at the eta");
        assertEq(registry.pendingPlacementSigner(), address(0), "proposal used");
        assertEq(registry.pendingPlacementSignerEta(), 0, "eta cleared");
        vm.expectRevert(IReferralRegistry.NoPlacementSignerProposal.selector);
        vm.prank(owner);
        registry.activatePlacementSigner();
    }

    function test_PlacementSigner_ANewProposalRestartsTheDelayAndCancelWithdrawsIt() public {
        vm.startPrank(owner);
        registry.proposePlacementSigner(alice);
        vm.warp(block.timestamp + 1 days);
        registry.proposePlacementSigner(vm.addr(OTHER_KEY));
        uint256 eta = block.timestamp + 2 days;
        assertEq(registry.pendingPlacementSigner(), vm.addr(OTHER_KEY), "replaced");
        assertEq(registry.pendingPlacementSignerEta(), eta, "delay restarted");
        vm.warp(eta - 1 days);
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.PlacementSignerNotReady.selector, eta));
        registry.activatePlacementSigner();
        vm.expectEmit(address(registry));
        emit IReferralRegistry.PlacementSignerProposalCancelled(vm.addr(OTHER_KEY));
        registry.cancelPlacementSignerProposal();
        assertEq(registry.pendingPlacementSigner(), address(0), "withdrawn");
        assertEq(registry.pendingPlacementSignerEta(), 0, "no eta");
        vm.warp(eta);
        vm.expectRevert(IReferralRegistry.NoPlacementSignerProposal.selector);
        registry.activatePlacementSigner();
        vm.expectRevert(IReferralRegistry.NoPlacementSignerProposal.selector);
        registry.cancelPlacementSignerProposal();
        vm.stopPrank();
        assertEq(registry.placementSigner(), vm.addr(SIGNER_KEY), "never changed");
    }

    function test_PlacementSigner_RevokeIsImmediateAndLeavesAutomaticPlacement() public {
        join(alice, root, LEFT);
        uint256 deadline = block.timestamp + 1 hours;
        bytes memory sig = attest(SIGNER_KEY, bob, root, alice, RIGHT, deadline);
        vm.expectEmit(address(registry));
        emit IReferralRegistry.PlacementSignerChanged(vm.addr(SIGNER_KEY), address(0));
        vm.prank(owner);
        registry.revokePlacementSigner();
        assertEq(registry.placementSigner(), address(0), "revoked");
        expectBadSignature(bob, root, alice, RIGHT, deadline, sig);
        // Manual placement under the inviter itself needs no attestation; automatic placement works.
        vm.prank(bob);
        registry.registerUnder(root, root, RIGHT, 0, "");
        assertEq(parentOf(bob), root, "under the inviter");
        join(carol, alice, LEFT);
        assertEq(parentOf(carol), alice, "automatic");
    }

    function expectBadSignature(
        address who,
        address inviter,
        address contact,
        uint8 side,
        uint256 deadline,
        bytes memory sig
    ) private {
        bytes32 digest = placementDigest(who, inviter, contact, side, deadline);
        address recovered = ecrecover(digest, uint8(sig[64]), bytes32(slice(sig, 0)), bytes32(slice(sig, 32)));
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.InvalidPlacementSignature.selector, recovered));
        vm.prank(who);
        registry.registerUnder(inviter, contact, side, deadline, sig);
    }

    function slice(bytes memory b, uint256 from) private pure returns (bytes32 word) {
        for (uint256 i = 0; i < 32; ++i) {
            word |= bytes32(b[from + i]) >> (i * 8);
        }
    }

    // ------------------------------------------------------------ owner

    function test_SetServiceLevel_ByTheOwnerWithAnEvent() public {
        join(alice, root, LEFT);
        vm.expectEmit(address(registry));
        emit IReferralRegistry.ServiceLevelSet(alice, 3);
        vm.prank(owner);
        registry.setServiceLevel(alice, 3);
        (,,,,, uint8 level,,) = registry.accountOf(alice);
        assertEq(uint256(level), 3, "level 3");
        vm.prank(owner);
        registry.setServiceLevel(alice, 0);
        (,,,,, level,,) = registry.accountOf(alice);
        assertEq(uint256(level), 0, "level cleared");
    }

    function test_SetServiceLevel_RefusesAnUnregisteredUserAndNonOwners() public {
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.NotRegistered.selector, alice));
        vm.prank(owner);
        registry.setServiceLevel(alice, 1);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, root));
        vm.prank(root);
        registry.setServiceLevel(root, 1);
    }

    function test_PlacementSigner_RefusesZeroAndNonOwners() public {
        vm.expectRevert(abi.encodeWithSelector(IReferralRegistry.ZeroAddress.selector));
        vm.prank(owner);
        registry.proposePlacementSigner(address(0));
        vm.startPrank(alice);
        bytes memory notOwner = abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice);
        vm.expectRevert(notOwner);
        registry.proposePlacementSigner(alice);
        vm.expectRevert(notOwner);
        registry.activatePlacementSigner();
        vm.expectRevert(notOwner);
        registry.cancelPlacementSignerProposal();
        vm.expectRevert(notOwner);
        registry.revokePlacementSigner();
        vm.stopPrank();
    }

    function test_Ownership_TwoStep() public {
        vm.prank(owner);
        registry.transferOwnership(alice);
        assertEq(registry.owner(), owner, "not yet");
        vm.prank(alice);
        registry.acceptOwnership();
        assertEq(registry.owner(), alice, "accepted");
    }
}
