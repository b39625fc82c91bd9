// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// `>=` is kept where it states the rule, the EIP-712 type string is what it is, and DOMAIN_SEPARATOR
// keeps the name every EIP-712 tool knows.
/* solhint-disable gas-strict-inequalities, gas-small-strings, func-name-mixedcase */

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IReferralRegistry} from "./interfaces/IReferralRegistry.sol";

/// @title ReferralRegistry
/// @author ETERNO
/// @notice The binary referral tree of ECONOMY §3 (see {IReferralRegistry}). Accounts get ids 1, 2, 3… in
///         registration order, the genesis accounts (constructor list) first, each a root.
/// @dev Depth-independent placement with per-side chains. For an account N and a side s, the s-chain
///      of N is the maximal path of s-children through N; `head_s(N)` is its top (N itself unless N is
///      the s-child of its parent, then `head_s(parent)`), and a head stores `end_s`, the chain's
///      bottom. Automatic placement under inviter I on side s seats the user under
///      `end_s(head_s(I))`; seating X as the s-child of C (C's s-seat is free, so C ends its s-chain)
///      writes `head_s(X) = head_s(C)` and `end_s(head_s(C)) = X`, and X heads its own other-side
///      chain. No loop over the tree, ever: registration costs the same at any depth.
///      Storage: one slot per account ({Account}), one slot of tree links ({Links}, uint32 ids),
///      `idOf[wallet]`; the count shares the signer's slot.
///      Invariants: at most one parent and two children per account; a parent's id is lower than its
///      child's (no cycles); every chain's head stores its true end; the genesis accounts are the
///      only roots; a signer other than zero becomes placementSigner only at deployment or by
///      activatePlacementSigner at least PLACEMENT_SIGNER_DELAY after it was proposed.
contract ReferralRegistry is IReferralRegistry, Ownable2Step, EIP712 {
    /// @notice An account, packed in one slot.
    /// @param wallet The account's wallet.
    /// @param parent The id of the account it sits under (0 for genesis).
    /// @param inviter The id of its inviter (0 for genesis).
    /// @param side Its side under `parent` (0 = left, 1 = right; 0 for genesis).
    /// @param isOriginal Whether it is a genesis account.
    /// @param serviceLevel Its service-centre level (0 = none).
    struct Account {
        address wallet;
        uint32 parent;
        uint32 inviter;
        uint8 side;
        bool isOriginal;
        uint8 serviceLevel;
    }

    /// @notice An account's tree links, packed in one slot (ids; 0 = none).
    /// @param left Its left child.
    /// @param right Its right child.
    /// @param headLeft The head of its left chain.
    /// @param headRight The head of its right chain.
    /// @param endLeft The end of its left chain (kept only while it is that chain's head).
    /// @param endRight The end of its right chain (kept only while it is that chain's head).
    struct Links {
        uint32 left;
        uint32 right;
        uint32 headLeft;
        uint32 headRight;
        uint32 endLeft;
        uint32 endRight;
    }

    /// @notice EIP-712 type hash of a manual-placement attestation.
    bytes32 public constant PLACEMENT_TYPEHASH =
        keccak256("Placement(address user,address inviter,address contact,uint8 side,uint256 deadline)");

    /// @notice How long a proposed placement signer waits before it may be activated (the vault's
    ///         signer delay as deployed).
    uint256 public constant PLACEMENT_SIGNER_DELAY = 2 days;

    /// @inheritdoc IReferralRegistry
    address public placementSigner;
    /// @notice How many accounts are registered (shares the signer's slot).
    uint32 private _count;
    /// @inheritdoc IReferralRegistry
    address public pendingPlacementSigner;
    /// @inheritdoc IReferralRegistry
    uint256 public pendingPlacementSignerEta;

    /// @notice The id of a wallet (0 when unregistered).
    mapping(address wallet => uint256 id) public idOf;
    mapping(uint256 id => Account account) private _accounts;
    mapping(uint256 id => Links links) private _links;

    /// @notice Deploys the registry with its genesis accounts (ids 1…n, in the given order).
    /// @dev Requirements: `initialOwner` and `signer` non-zero; every genesis wallet non-zero and distinct.
    /// @param initialOwner The owner (sets service levels, rotates and revokes the placement signer).
    /// @param genesis The genesis wallets, registered as roots (`isOriginal`).
    /// @param signer The placement signer (the server's signer key).
    constructor(address initialOwner, address[] memory genesis, address signer)
        Ownable(initialOwner)
        EIP712("ReferralRegistry", "1")
    {
        _setPlacementSigner(signer);
        uint32 n = SafeCast.toUint32(genesis.length);
        for (uint32 i = 0; i < n; ++i) {
            address user = genesis[i];
            if (user == address(0)) revert ZeroAddress();
            if (idOf[user] != 0) revert AlreadyRegistered(user);
            uint32 id = i + 1;
            idOf[user] = id;
            _accounts[id] = Account({wallet: user, parent: 0, inviter: 0, side: 0, isOriginal: true, serviceLevel: 0});
            _links[id] = Links({left: 0, right: 0, headLeft: id, headRight: id, endLeft: id, endRight: id});
            emit GenesisRegistered(user, id);
        }
        _count = n;
    }

    /// @inheritdoc IReferralRegistry
    function register(address inviter, uint8 side) external returns (uint256 id) {
        uint32 inviterId = _checkJoin(inviter, side);
        Links storage inviterLinks = _links[inviterId];
        uint32 head = side == 0 ? inviterLinks.headLeft : inviterLinks.headRight;
        uint32 contactId = side == 0 ? _links[head].endLeft : _links[head].endRight;
        id = _seat(inviterId, contactId, head, side);
        emit Registered(msg.sender, id, inviter, _accounts[contactId].wallet, side, true);
    }

    /// @inheritdoc IReferralRegistry
    function registerUnder(address inviter, address contact, uint8 side, uint256 deadline, bytes calldata signature)
        external
        returns (uint256 id)
    {
        uint32 inviterId = _checkJoin(inviter, side);
        if (contact == address(0)) revert ZeroAddress();
        uint32 contactId = uint32(idOf[contact]);
        if (contactId == 0) revert NotRegistered(contact);
        Links storage contactLinks = _links[contactId];
        if ((side == 0 ? contactLinks.left : contactLinks.right) != 0) revert SeatTaken(contact, side);
        if (contactId != inviterId) _checkAttestation(inviter, contact, side, deadline, signature);
        // A free s-seat means the contact ends its s-chain.
        uint32 head = side == 0 ? contactLinks.headLeft : contactLinks.headRight;
        id = _seat(inviterId, contactId, head, side);
        emit Registered(msg.sender, id, inviter, contact, side, false);
    }

    /// @inheritdoc IReferralRegistry
    function setServiceLevel(address user, uint8 level) external onlyOwner {
        uint256 id = idOf[user];
        if (id == 0) revert NotRegistered(user);
        _accounts[id].serviceLevel = level;
        emit ServiceLevelSet(user, level);
    }

    /// @inheritdoc IReferralRegistry
    /// @dev Requirements: owner; `signer` non-zero. Emits {PlacementSignerProposed}.
    function proposePlacementSigner(address signer) external onlyOwner {
        if (signer == address(0)) revert ZeroAddress();
        uint256 eta = block.timestamp + PLACEMENT_SIGNER_DELAY;
        pendingPlacementSigner = signer;
        pendingPlacementSignerEta = eta;
        emit PlacementSignerProposed(signer, eta);
    }

    /// @inheritdoc IReferralRegistry
    /// @dev Requirements: owner; a proposal whose eta has come. Emits {PlacementSignerChanged}.
    function activatePlacementSigner() external onlyOwner {
        address next = pendingPlacementSigner;
        if (next == address(0)) revert NoPlacementSignerProposal();
        uint256 eta = pendingPlacementSignerEta;
        if (block.timestamp < eta) revert PlacementSignerNotReady(eta);
        delete pendingPlacementSigner;
        delete pendingPlacementSignerEta;
        _setPlacementSigner(next);
    }

    /// @inheritdoc IReferralRegistry
    /// @dev Requirements: owner; a proposal. Emits {PlacementSignerProposalCancelled}.
    function cancelPlacementSignerProposal() external onlyOwner {
        address proposed = pendingPlacementSigner;
        if (proposed == address(0)) revert NoPlacementSignerProposal();
        delete pendingPlacementSigner;
        delete pendingPlacementSignerEta;
        emit PlacementSignerProposalCancelled(proposed);
    }

    /// @inheritdoc IReferralRegistry
    /// @dev Requirements: owner. Emits {PlacementSignerChanged} (to zero).
    function revokePlacementSigner() external onlyOwner {
        emit PlacementSignerChanged(placementSigner, address(0));
        placementSigner = address(0);
    }

    /// @inheritdoc IReferralRegistry
    function isRegistered(address user) external view returns (bool) {
        return idOf[user] != 0;
    }

    /// @inheritdoc IReferralRegistry
    function accountOf(address user)
        external
        view
        returns (
            uint256 id,
            address inviter,
            address parent,
            uint8 side,
            bool isOriginal,
            uint8 serviceLevel,
            address left,
            address right
        )
    {
        id = idOf[user];
        if (id == 0) return (0, address(0), address(0), 0, false, 0, address(0), address(0));
        Account memory account = _accounts[id];
        Links memory links = _links[id];
        return (
            id,
            _accounts[account.inviter].wallet,
            _accounts[account.parent].wallet,
            account.side,
            account.isOriginal,
            account.serviceLevel,
            _accounts[links.left].wallet,
            _accounts[links.right].wallet
        );
    }

    /// @notice An account's tree links by id (all zero for an unknown id): children, chain heads, and
    ///         chain ends (meaningful only where the account heads that chain).
    /// @param id The id.
    /// @return The links.
    function linksOf(uint256 id) external view returns (Links memory) {
        return _links[id];
    }

    /// @inheritdoc IReferralRegistry
    function walletOf(uint256 id) external view returns (address) {
        return _accounts[id].wallet;
    }

    /// @inheritdoc IReferralRegistry
    function accountCount() external view returns (uint256) {
        return _count;
    }

    /// @inheritdoc IReferralRegistry
    function legEnd(address inviter, uint8 side) external view returns (address) {
        if (side > 1) revert InvalidSide(side);
        uint256 id = idOf[inviter];
        if (id == 0) revert NotRegistered(inviter);
        uint32 head = side == 0 ? _links[id].headLeft : _links[id].headRight;
        return _accounts[side == 0 ? _links[head].endLeft : _links[head].endRight].wallet;
    }

    /// @notice The EIP-712 domain separator (domain "ReferralRegistry", "1", chain id, this address).
    /// @return The separator.
    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    /// @notice The checks every registration shares; returns the inviter's id.
    /// @param inviter The inviter.
    /// @param side The side.
    /// @return inviterId The inviter's id.
    function _checkJoin(address inviter, uint8 side) private view returns (uint32 inviterId) {
        if (inviter == address(0)) revert ZeroAddress();
        if (inviter == msg.sender) revert SelfInvite(msg.sender);
        if (idOf[msg.sender] != 0) revert AlreadyRegistered(msg.sender);
        if (side > 1) revert InvalidSide(side);
        inviterId = uint32(idOf[inviter]);
        if (inviterId == 0) revert NotRegistered(inviter);
    }

    /// @notice Reverts unless `signature` is the placement signer's attestation for the caller.
    /// @param inviter The inviter.
    /// @param contact The contact.
    /// @param side The side.
    /// @param deadline The attestation's deadline.
    /// @param signature 65 bytes r‖s‖v.
    function _checkAttestation(address inviter, address contact, uint8 side, uint256 deadline, bytes calldata signature)
        private
        view
    {
        if (deadline < block.timestamp) revert PlacementExpired(deadline, block.timestamp);
        bytes32 digest =
            _hashTypedDataV4(keccak256(abi.encode(PLACEMENT_TYPEHASH, msg.sender, inviter, contact, side, deadline)));
        (address recovered,,) = ECDSA.tryRecover(digest, signature);
        // A revoked signer is zero, which no signature recovers to.
        if (recovered == address(0) || recovered != placementSigner) revert InvalidPlacementSignature(recovered);
    }

    /// @notice Seats the caller as the `side` child of `contactId`, whose `side` chain has head `head`.
    /// @param inviterId The inviter's id.
    /// @param contactId The contact's id (its `side` seat is free: it ends its `side` chain).
    /// @param head The head of the contact's `side` chain.
    /// @param side The side.
    /// @return id The caller's new id.
    function _seat(uint32 inviterId, uint32 contactId, uint32 head, uint8 side) private returns (uint32 id) {
        id = _count + 1;
        _count = id;
        idOf[msg.sender] = id;
        _accounts[id] = Account({
            wallet: msg.sender, parent: contactId, inviter: inviterId, side: side, isOriginal: false, serviceLevel: 0
        });
        if (side == 0) {
            _links[contactId].left = id;
            _links[head].endLeft = id;
            _links[id] = Links({left: 0, right: 0, headLeft: head, headRight: id, endLeft: 0, endRight: id});
        } else {
            _links[contactId].right = id;
            _links[head].endRight = id;
            _links[id] = Links({left: 0, right: 0, headLeft: id, headRight: head, endLeft: id, endRight: 0});
        }
    }

    /// @notice Sets the placement signer.
    /// @param signer The new signer (not zero).
    function _setPlacementSigner(address signer) private {
        if (signer == address(0)) revert ZeroAddress();
        emit PlacementSignerChanged(placementSigner, signer);
        placementSigner = signer;
    }
}
