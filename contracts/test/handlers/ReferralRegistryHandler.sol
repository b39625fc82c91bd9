// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IReferralRegistry} from "../../src/interfaces/IReferralRegistry.sol";
import {ReferralRegistry} from "../../src/ReferralRegistry.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random registrations (automatic under any account, manual under any contact inside the
///         inviter's subtree, with the signer's attestation where needed), manual attempts on taken seats,
///         second registrations and the owner's service levels. The handler keeps its own copy of the
///         tree (parent, children, side, inviter by id) and computes every expected seat by walking it:
///         automatic = the end of the inviter's leg, found by following that side's children down.
contract ReferralRegistryHandler is Test {
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant PLACEMENT_TYPE =
        keccak256("Placement(address user,address inviter,address contact,uint8 side,uint256 deadline)");

    ReferralRegistry public immutable registry;
    uint256 private immutable signerKey;
    address private immutable owner;

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
        bytes memory sig = contact == inviter ? bytes("") : _attest(who, inviter, contact, side, deadline);
        vm.prank(who);
        registry.registerUnder(wallets[inviter], wallets[contact], side, deadline, sig);
        _add(who, contact, side, inviter);
        ++manual;
    }

    /// @notice A manual registration on a taken seat (with a valid attestation) is refused SeatTaken.
    function registerOnTakenSeat(uint256 contactSeed, uint8 sideSeed) external {
        uint256 contact = _pick(contactSeed);
        uint8 side = sideSeed % 2;
        if (childOf(contact, side) == 0) return;
        uint256 inviter = 1;
        address who = _freshUser();
        uint256 deadline = block.timestamp + 1 hours;
        bytes memory sig = contact == inviter ? bytes("") : _attest(who, inviter, contact, side, deadline);
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
        bytes32 domain = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("ReferralRegistry"), keccak256("1"), block.chainid, address(registry))
        );
        bytes32 structHash =
            keccak256(abi.encode(PLACEMENT_TYPE, who, wallets[inviter], wallets[contact], side, deadline));
        (uint8 v, bytes32 r, bytes32 s) =
            vm.sign(signerKey, keccak256(abi.encodePacked("\x19\x01", domain, structHash)));
        return abi.encodePacked(r, s, v);
    }

    function _expect(bytes memory reason, bytes memory expected) private {
        require(keccak256(reason) == keccak256(expected), "refused with another error");
        ++refusedAsPredicted;
    }
}
