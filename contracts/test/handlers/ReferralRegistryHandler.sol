// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IReferralRegistry} from "../../src/interfaces/IReferralRegistry.sol";
import {ReferralRegistry} from "../../src/ReferralRegistry.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random registrations (automatic under any account, manual under any contact inside the
///         inviter's subtree, with the signer's attestation where needed), manual attempts on taken seats,
///         second registrations, the owner's service levels and the owner's placement-signer powers
///         (propose, activate only after the delay, cancel, revoke at once; a proposed key's attestation
///         before activation and a revoked key's are refused). The handler keeps its own copy of the
///         tree (parent, children, side, inviter by id) and computes every expected seat by walking it:
///         automatic = the end of the inviter's leg, found by following that side's children down.
contract ReferralRegistryHandler is Test {
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant PLACEMENT_TYPE =
        keccak256("Placement(address user,address inviter,address contact,uint8 side,uint256 deadline)");

    ReferralRegistry public immutable registry;
    address private immutable owner;

    /// @notice The placement signer's key by the rules (0 while revoked), the last one that was in force,
    ///         and the proposal (key 0 = none).
    uint256 public signerKey;
    uint256 public lastSignerKey;
    uint256 public pendingKey;
    uint256 public pendingEta;
    uint256 public rotations;

    /// @dev The handler's tree, by id (index 0 unused): wallet, parent id, side, inviter id, children.
    address[] public wallets;
    uint256[] public parents;
    uint8[] public sides;
    uint256[] public inviters;
    uint256[] public lefts;
    uint256[] public rights;
    mapping(uint256 id => uint8 level) public levels;

    uint256 public automatic;
    uint256 public manual;
    uint256 public refusedAsPredicted;
    uint256 private nextUser = 0x100000;

    constructor(ReferralRegistry registry_, uint256 signerKey_, address owner_, address[] memory genesis) {
        registry = registry_;
        signerKey = signerKey_;
        lastSignerKey = signerKey_;
        owner = owner_;
        wallets.push(address(0));
        parents.push(0);
        sides.push(0);
        inviters.push(0);
        lefts.push(0);
        rights.push(0);
        for (uint256 i = 0; i < genesis.length; ++i) {
            _add(genesis[i], 0, 0, 0);
        }
    }

    /// @notice How many accounts the handler's tree holds.
    function count() external view returns (uint256) {
        return wallets.length - 1;
    }

    /// @notice The `side` child of `id` in the handler's tree.
    function childOf(uint256 id, uint8 side) public view returns (uint256) {
        return side == 0 ? lefts[id] : rights[id];
    }

    /// @notice The end of `id`'s `side` leg, walked down in the handler's tree.
    function walkEnd(uint256 id, uint8 side) public view returns (uint256 end) {
        end = id;
        while (childOf(end, side) != 0) end = childOf(end, side);
    }

    /// @notice The head of `id`'s `side` chain, walked up in the handler's tree.
    function walkHead(uint256 id, uint8 side) public view returns (uint256 head) {
        head = id;
        while (parents[head] != 0 && sides[head] == side) head = parents[head];
    }

    // ------------------------------------------------------------ actions

    /// @notice A new user registers automatically under a random account on a random side.
    function registerAuto(uint256 inviterSeed, uint8 sideSeed) external {
        uint256 inviter = _pick(inviterSeed);
        uint8 side = sideSeed % 2;
        uint256 expected = walkEnd(inviter, side);
        address who = _freshUser();
        vm.prank(who);
        uint256 id = registry.register(wallets[inviter], side);
        require(id == wallets.length, "ids run in registration order");
        _add(who, expected, side, inviter);
        ++automatic;
        require(registry.idOf(wallets[expected]) == expected, "contact id");
        (,, address parent,,,,,) = registry.accountOf(who);
        require(parent == wallets[expected], "automatic placement is not the outermost vacant seat");
    }

    /// @notice A new user registers under a random contact with a free seat inside the inviter's subtree.
    function registerManual(uint256 inviterSeed, uint256 pathSeed, uint8 sideSeed) external {
        uint256 inviter = _pick(inviterSeed);
        uint8 side = sideSeed % 2;
        // Walk down a random path from the inviter, then to the end of that side's leg (a free seat).
        uint256 contact = inviter;
        for (uint256 steps = pathSeed % 8; steps > 0; --steps) {
            uint256 next = childOf(contact, uint8((pathSeed >> steps) & 1));
            if (next == 0) break;
            contact = next;
        }
        contact = walkEnd(contact, side);
        address who = _freshUser();
        uint256 deadline = block.timestamp + 1 hours;
        if (contact != inviter && signerKey == 0) {
            // Revoked: the last signer's attestation no longer counts.
            bytes memory stale = _attestWith(lastSignerKey, who, inviter, contact, side, deadline);
            vm.prank(who);
            try registry.registerUnder(wallets[inviter], wallets[contact], side, deadline, stale) {
                revert("a revoked signer's attestation was accepted");
            } catch (bytes memory reason) {
                _expect(
                    reason,
                    abi.encodeWithSelector(IReferralRegistry.InvalidPlacementSignature.selector, vm.addr(lastSignerKey))
                );
            }
            return;
        }
        bytes memory sig = contact == inviter ? bytes("") : _attest(who, inviter, contact, side, deadline);
        vm.prank(who);
        registry.registerUnder(wallets[inviter], wallets[contact], side, deadline, sig);
        _add(who, contact, side, inviter);
        ++manual;
    }

    /// @notice The key proposed (not yet activated, and not the signer already) attests a manual placement:
    ///         refused.
    function registerWithPendingKey(uint256 inviterSeed, uint8 sideSeed) external {
        if (pendingKey == 0 || pendingKey == signerKey) return;
        uint256 inviter = _pick(inviterSeed);
        uint8 side = sideSeed % 2;
        uint256 contact = walkEnd(childOf(inviter, side) == 0 ? inviter : childOf(inviter, side), side);
        if (contact == inviter) return;
        address who = _freshUser();
        uint256 deadline = block.timestamp + 1 hours;
        bytes memory sig = _attestWith(pendingKey, who, inviter, contact, side, deadline);
        vm.prank(who);
        try registry.registerUnder(wallets[inviter], wallets[contact], side, deadline, sig) {
            revert("a proposed signer's attestation counted before its activation");
        } catch (bytes memory reason) {
            _expect(
                reason,
                abi.encodeWithSelector(IReferralRegistry.InvalidPlacementSignature.selector, vm.addr(pendingKey))
            );
        }
    }

    /// @notice The owner proposes one of a few keys as the next placement signer.
    function proposeSigner(uint256 keySeed) external {
        uint256 key = 0xA000 + keySeed % 4;
        vm.prank(owner);
        registry.proposePlacementSigner(vm.addr(key));
        pendingKey = key;
        pendingEta = block.timestamp + 2 days;
    }

    /// @notice The owner activates the proposal: refused without one or before its eta.
    function activateSigner() external {
        vm.prank(owner);
        try registry.activatePlacementSigner() {
            require(pendingKey != 0, "activated without a proposal");
            require(block.timestamp >= pendingEta, "activated before the delay");
            signerKey = pendingKey;
            lastSignerKey = pendingKey;
            pendingKey = 0;
            pendingEta = 0;
            ++rotations;
        } catch (bytes memory reason) {
            if (pendingKey == 0) {
                _expect(reason, abi.encodeWithSelector(IReferralRegistry.NoPlacementSignerProposal.selector));
            } else {
                _expect(reason, abi.encodeWithSelector(IReferralRegistry.PlacementSignerNotReady.selector, pendingEta));
            }
        }
    }

    /// @notice The owner withdraws the proposal.
    function cancelSigner() external {
        vm.prank(owner);
        try registry.cancelPlacementSignerProposal() {
            require(pendingKey != 0, "cancelled without a proposal");
            pendingKey = 0;
            pendingEta = 0;
        } catch (bytes memory reason) {
            require(pendingKey == 0, "cancel refused");
            _expect(reason, abi.encodeWithSelector(IReferralRegistry.NoPlacementSignerProposal.selector));
        }
    }

    /// @notice The owner revokes the signer at once.
    function revokeSigner() external {
        vm.prank(owner);
        registry.revokePlacementSigner();
        signerKey = 0;
    }

    /// @notice Time passes.
    function wait(uint256 seconds_) external {
        vm.warp(block.timestamp + bound(seconds_, 1 hours, 3 days));
    }

    /// @notice A manual registration on a taken seat (with a valid attestation) is refused SeatTaken.
    function registerOnTakenSeat(uint256 contactSeed, uint8 sideSeed) external {
        uint256 contact = _pick(contactSeed);
        uint8 side = sideSeed % 2;
        if (childOf(contact, side) == 0) return;
        uint256 inviter = 1;
        address who = _freshUser();
        uint256 deadline = block.timestamp + 1 hours;
        bytes memory sig =
            contact == inviter ? bytes("") : _attestWith(lastSignerKey, who, inviter, contact, side, deadline);
        vm.prank(who);
        try registry.registerUnder(wallets[inviter], wallets[contact], side, deadline, sig) {
            revert("a taken seat was given again");
        } catch (bytes memory reason) {
            _expect(reason, abi.encodeWithSelector(IReferralRegistry.SeatTaken.selector, wallets[contact], side));
        }
    }

    /// @notice A registered account tries to register again: AlreadyRegistered.
    function registerAgain(uint256 whoSeed, uint256 inviterSeed) external {
        uint256 id = _pick(whoSeed);
        uint256 inviter = _pick(inviterSeed);
        if (inviter == id) return;
        vm.prank(wallets[id]);
        try registry.register(wallets[inviter], 0) {
            revert("a second registration was accepted");
        } catch (bytes memory reason) {
            _expect(reason, abi.encodeWithSelector(IReferralRegistry.AlreadyRegistered.selector, wallets[id]));
        }
    }

    /// @notice The owner sets a random account's service level.
    function setServiceLevel(uint256 idSeed, uint8 level) external {
        uint256 id = _pick(idSeed);
        vm.prank(owner);
        registry.setServiceLevel(wallets[id], level);
        levels[id] = level;
    }

    // ------------------------------------------------------------ helpers

    function _pick(uint256 seed) private view returns (uint256) {
        return 1 + (seed % (wallets.length - 1));
    }

    function _freshUser() private returns (address) {
        return address(uint160(++nextUser));
    }

    function _add(address wallet, uint256 parent, uint8 side, uint256 inviter) private {
        uint256 id = wallets.length;
        wallets.push(wallet);
        parents.push(parent);
        sides.push(side);
        inviters.push(inviter);
        lefts.push(0);
        rights.push(0);
        if (parent != 0) {
            if (side == 0) lefts[parent] = id;
            else rights[parent] = id;
        }
    }

    function _attest(address who, uint256 inviter, uint256 contact, uint8 side, uint256 deadline)
        private
        view
        returns (bytes memory)
    {
        return _attestWith(signerKey, who, inviter, contact, side, deadline);
    }

    function _attestWith(uint256 key, address who, uint256 inviter, uint256 contact, uint8 side, uint256 deadline)
        private
        view
        returns (bytes memory)
    {
        bytes32 domain = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("ReferralRegistry"), keccak256("1"), block.chainid, address(registry))
        );
        bytes32 structHash =
            keccak256(abi.encode(PLACEMENT_TYPE, who, wallets[inviter], wallets[contact], side, deadline));
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, keccak256(abi.encodePacked("\x19\x01", domain, structHash)));
        return abi.encodePacked(r, s, v);
    }

    function _expect(bytes memory reason, bytes memory expected) private {
        require(keccak256(reason) == keccak256(expected), "refused with another error");
        ++refusedAsPredicted;
    }
}
