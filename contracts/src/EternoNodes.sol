// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Amounts and parameters stay event data (topics are for filtering); `>=` / `<=` are kept where they
// state the rule.
/* solhint-disable gas-indexed-events, gas-strict-inequalities */

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {EternoNft} from "./EternoNft.sol";
import {IEternoNodes} from "./interfaces/IEternoNodes.sol";

/// @title EternoNodes
/// @author ETERNO
/// @notice ETERNO's nodes (ECONOMY §9, rules in {IEternoNodes} and docs/decisions/nodes.md).
///         - {createNode} escrows the caller's revealed partner NFT and stakes the needed ETRO in force;
///           {joinNode} escrows a revealed entry NFT into an open node. Each NFT's rarity weight is the
///           one in force when it enters and stays with it; an account is in at most one node.
///         - {editNode}: the master sets the name (1–32 bytes), the description (at most 280 bytes) and
///           the share rate (at most the max share rate in force).
///         - {quitNode}: a member gets the entry NFT back at any time (also from a closed node). The master
///           closes the node and gets the partner NFT and the stake back: at once when it has no member;
///           else after {announceClose} and the close notice (review finding M-5: a member cannot hold the
///           stake hostage). While a close is announced nobody joins, votes or edits; the master may
///           {cancelClose}. A closed node's members take their NFTs back with {quitNode}, or anyone
///           returns them in batches of at most {MAX_RETURN_BATCH} with {returnNfts}: no unbounded loop.
///         - {vote} stakes ETRO on an open node; {unvote} takes it back at any time, also from a closed node.
///         - The owner sets the parameters within bounds ({setParameters}); they apply to nodes created,
///           edits made and NFTs entering from then on. NO owner path moves escrowed NFTs, stakes or votes;
///           there is no sweep. NFTs move with `transferFrom` (no receiver callback either way).
///         ETRO must be a plain ERC-20 (no fee on transfer, no rebasing). Tokens or NFTs sent here
///         directly are not credited to anyone.
/// @dev Invariants:
///        - ETRO balance == Σ open nodes' `staked` + Σ nodes' `votes` (plus direct donations);
///        - every node's `votes` == Σ voters' {votesOf} on it;
///        - NFTs held == Σ open nodes' (1 partner + `members` entry NFTs) + Σ closed nodes' `members`
///          (entry NFTs waiting for their owners) (plus direct donations);
///        - an open node's `weight` == Σ weights of the NFTs it holds, each fixed when it entered;
///          a closed node's `weight` is 0 and its `members` only falls (its `staked` stays as the record of
///          the stake it made and returned);
///        - a node with members closes only at or after its announced `closeAt`, which is the announcement's
///          time plus the close notice in force then (within [MIN_CLOSE_NOTICE, MAX_CLOSE_NOTICE]);
///        - membership both ways: an account's {membershipOf} names an open node and an NFT this contract
///          holds for it; a node's master is in it with the partner NFT; `members` counts the others.
contract EternoNodes is IEternoNodes, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice The parameters and the node counter, packed in one slot (read by every create and join).
    /// @param neededEtro The ETRO a new node stakes.
    /// @param maxShareBps The highest share rate a master may set.
    /// @param weights The rarity weights of N, R, SR, SSR, 16 bits each, N lowest.
    /// @param nodeCount The nodes created so far (ids 1…nodeCount).
    struct Params {
        uint128 neededEtro;
        uint16 maxShareBps;
        uint64 weights;
        uint48 nodeCount;
    }

    /// @notice Where an account stands, in one slot.
    /// @param nodeId The node it is in (0 when none).
    /// @param weight The weight its escrowed NFT brought in.
    /// @param tokenId The NFT it escrowed (partner for a master, entry for a member).
    struct Membership {
        uint64 nodeId;
        uint32 weight;
        uint160 tokenId;
    }

    /// @notice Basis points in one.
    uint256 public constant BPS = 10_000;
    /// @notice The highest max share rate the owner may set (50 %).
    uint256 public constant MAX_SHARE_BPS_CAP = 5000;
    /// @notice The highest rarity weight the owner may set.
    uint256 public constant MAX_RARITY_WEIGHT = 1000;
    /// @notice The longest name, in bytes (UTF-8).
    uint256 public constant MAX_NAME_BYTES = 32;
    /// @notice The longest description, in bytes (UTF-8).
    uint256 public constant MAX_DESCRIPTION_BYTES = 280;
    /// @notice The default needed ETRO, in whole ETRO (ECONOMY §9).
    uint256 public constant DEFAULT_NEEDED_WHOLE_ETRO = 10_000;
    /// @notice The default max share rate (30 %, ECONOMY §9).
    uint256 public constant DEFAULT_MAX_SHARE_BPS = 3000;
    /// @notice The default close notice (7 days).
    uint256 public constant DEFAULT_CLOSE_NOTICE = 7 days;
    /// @notice The shortest close notice the owner may set.
    uint256 public constant MIN_CLOSE_NOTICE = 1 days;
    /// @notice The longest close notice the owner may set.
    uint256 public constant MAX_CLOSE_NOTICE = 30 days;
    /// @notice The most members one {returnNfts} takes.
    uint256 public constant MAX_RETURN_BATCH = 50;

    /// @notice The token staked (needed ETRO and votes).
    IERC20 public immutable ETRO;
    /// @notice The NFTs escrowed (partner to create, entry to join).
    EternoNft public immutable NFT;

    /// @notice Seconds between a close's announcement and the earliest close (for announcements from now on).
    uint256 public closeNotice;

    Params private _params;
    mapping(uint256 nodeId => Node node) private _nodes;
    mapping(address account => Membership membership) private _memberships;
    mapping(uint256 nodeId => mapping(address voter => uint256 amount)) private _votes;

    /// @notice An address argument is zero.
    error ZeroAddress();
    /// @notice No node has this id.
    /// @param nodeId The id given.
    error UnknownNode(uint256 nodeId);
    /// @notice The node was closed by its master.
    /// @param nodeId The node.
    error NodeNotOpen(uint256 nodeId);
    /// @notice The account is already in a node (as master or member).
    /// @param account The account.
    /// @param nodeId The node it is in.
    error AlreadyInNode(address account, uint256 nodeId);
    /// @notice The caller is not in this node.
    /// @param nodeId The node.
    /// @param account The caller.
    error NotInNode(uint256 nodeId, address account);
    /// @notice Only the node's master may do this.
    /// @param nodeId The node.
    /// @param account The caller.
    error NotMaster(uint256 nodeId, address account);
    /// @notice The master cannot close a node that still has members without announcing the close first.
    /// @param nodeId The node.
    /// @param members Its member count.
    error NodeHasMembers(uint256 nodeId, uint256 members);
    /// @notice The announced close is not due yet.
    /// @param nodeId The node.
    /// @param closeAt When it is due.
    /// @param now_ The block's time.
    error CloseNotDue(uint256 nodeId, uint256 closeAt, uint256 now_);
    /// @notice The node's close is announced: no join, vote or edit until it closes or the master cancels.
    /// @param nodeId The node.
    /// @param closeAt When the close is due.
    error NodeClosing(uint256 nodeId, uint256 closeAt);
    /// @notice No close is announced for the node.
    /// @param nodeId The node.
    error CloseNotAnnounced(uint256 nodeId);
    /// @notice The node is still open (NFTs are returned in batches only from a closed node).
    /// @param nodeId The node.
    error NodeStillOpen(uint256 nodeId);
    /// @notice More members than {MAX_RETURN_BATCH} in one {returnNfts}.
    /// @param count The accounts given.
    /// @param maxCount The cap.
    error ReturnBatchTooLarge(uint256 count, uint256 maxCount);
    /// @notice The close notice is outside [MIN_CLOSE_NOTICE, MAX_CLOSE_NOTICE].
    /// @param notice The notice given.
    error InvalidCloseNotice(uint256 notice);
    /// @notice The NFT is not the caller's.
    /// @param tokenId The NFT.
    /// @param owner Its owner.
    error NotNftOwner(uint256 tokenId, address owner);
    /// @notice The NFT is not the kind this needs (partner to create, entry to join).
    /// @param tokenId The NFT.
    /// @param kind Its kind (0 entry, 1 partner).
    /// @param expected The kind needed.
    error WrongNftKind(uint256 tokenId, uint256 kind, uint256 expected);
    /// @notice The NFT's rarity is not revealed yet.
    /// @param tokenId The NFT.
    error NftNotRevealed(uint256 tokenId);
    /// @notice The name is empty or longer than {MAX_NAME_BYTES} bytes.
    /// @param length Its length in bytes.
    /// @param maxLength The limit.
    error BadNameLength(uint256 length, uint256 maxLength);
    /// @notice The description is longer than {MAX_DESCRIPTION_BYTES} bytes.
    /// @param length Its length in bytes.
    /// @param maxLength The limit.
    error DescriptionTooLong(uint256 length, uint256 maxLength);
    /// @notice The share rate is above the max share rate in force.
    /// @param shareBps The rate given.
    /// @param maxShareBps The max share rate.
    error ShareTooHigh(uint256 shareBps, uint256 maxShareBps);
    /// @notice An amount is zero.
    error ZeroAmount();
    /// @notice An unvote asks for more than the caller's votes on the node.
    /// @param nodeId The node.
    /// @param amount The amount asked.
    /// @param votes The caller's votes on it.
    error InsufficientVotes(uint256 nodeId, uint256 amount, uint256 votes);
    /// @notice The needed ETRO is zero or does not fit 128 bits.
    /// @param neededEtro The amount given.
    error InvalidNeededEtro(uint256 neededEtro);
    /// @notice The max share rate is above {MAX_SHARE_BPS_CAP}.
    /// @param maxShareBps The rate given.
    /// @param cap The cap.
    error MaxShareAboveCap(uint256 maxShareBps, uint256 cap);
    /// @notice A rarity weight is 0 or above {MAX_RARITY_WEIGHT}, or a rarer NFT weighs less than a commoner one.
    /// @param rarityWeights The weights given (N, R, SR, SSR).
    error InvalidRarityWeights(uint16[4] rarityWeights);

    /// @notice Deploys the nodes over ETRO and the NFTs with the ECONOMY §9 defaults: needed ETRO 10,000,
    ///         max share rate 30 %, rarity weights N 1, R 2, SR 4, SSR 8.
    /// @dev Requirements: non-zero tokens and owner; ETRO's decimals at most 18. Emits {ParametersSet}.
    /// @param etro The ETRO token.
    /// @param nft The NFT contract.
    /// @param initialOwner The owner (parameter setter).
    constructor(IERC20Metadata etro, EternoNft nft, address initialOwner) Ownable(initialOwner) {
        if (address(etro) == address(0) || address(nft) == address(0)) revert ZeroAddress();
        ETRO = etro;
        NFT = nft;
        _setParameters(
            DEFAULT_NEEDED_WHOLE_ETRO * 10 ** etro.decimals(),
            DEFAULT_MAX_SHARE_BPS,
            [uint16(1), uint16(2), uint16(4), uint16(8)]
        );
        _setCloseNotice(DEFAULT_CLOSE_NOTICE);
    }

    // ---------------------------------------------------------------- user actions

    /// @inheritdoc IEternoNodes
    /// @dev Requirements: the caller in no node; a valid name, description and share rate; `tokenId` a
    ///      revealed partner NFT of the caller, approved to this contract; the needed ETRO approved.
    ///      Emits {NodeCreated}.
    function createNode(uint256 tokenId, string calldata name, string calldata description, uint256 shareBps)
        external
        nonReentrant
        returns (uint256 nodeId)
    {
        _checkText(name, description);
        // Declared out here: the block below keeps the stack shallow for the event.
        uint256 weight;
        uint256 staked;
        {
            Params memory p = _params;
            _checkShare(shareBps, p.maxShareBps);
            _requireOutside(msg.sender);
            weight = _weightOf(tokenId, EternoNft.Kind.Partner, p.weights);
            staked = p.neededEtro;
            nodeId = uint256(p.nodeCount) + 1;
            // nodeId < 2^48 (checked by the cast), weight <= MAX_RARITY_WEIGHT, shareBps <= MAX_SHARE_BPS_CAP.
            uint48 id = SafeCast.toUint48(nodeId);
            // forge-lint: disable-next-line(unsafe-typecast)
            uint32 w = uint32(weight);
            _params.nodeCount = id;
            _memberships[msg.sender] = Membership({nodeId: id, weight: w, tokenId: SafeCast.toUint160(tokenId)});
            Node storage n = _nodes[nodeId];
            n.master = msg.sender;
            n.weight = w;
            // forge-lint: disable-next-line(unsafe-typecast)
            n.shareBps = uint16(shareBps);
            n.open = true;
            n.partnerTokenId = tokenId;
            // staked == neededEtro < 2^128.
            // forge-lint: disable-next-line(unsafe-typecast)
            n.staked = uint128(staked);
            n.name = name;
            n.description = description;
        }
        NFT.transferFrom(msg.sender, address(this), tokenId);
        ETRO.safeTransferFrom(msg.sender, address(this), staked);
        emit NodeCreated(nodeId, msg.sender, tokenId, weight, staked, shareBps, name, description);
    }

    /// @inheritdoc IEternoNodes
    /// @dev Requirements: the node open with no close announced; the caller in no node; `tokenId` a revealed
    ///      entry NFT of the caller, approved to this contract. Emits {NodeJoined}.
    function joinNode(uint256 nodeId, uint256 tokenId) external nonReentrant {
        Node storage n = _activeNode(nodeId);
        _requireOutside(msg.sender);
        uint256 weight = _weightOf(tokenId, EternoNft.Kind.Entry, _params.weights);
        // weight <= MAX_RARITY_WEIGHT and nodeId <= nodeCount < 2^48; the node's weight and member count
        // only overflow 32 bits past 4 million members, where the checked additions revert.
        // forge-lint: disable-next-line(unsafe-typecast)
        uint32 w = uint32(weight);
        // forge-lint: disable-next-line(unsafe-typecast)
        uint64 id = uint64(nodeId);
        n.weight += w;
        ++n.members;
        _memberships[msg.sender] = Membership({nodeId: id, weight: w, tokenId: SafeCast.toUint160(tokenId)});
        NFT.transferFrom(msg.sender, address(this), tokenId);
        emit NodeJoined(nodeId, msg.sender, tokenId, weight);
    }

    /// @inheritdoc IEternoNodes
    /// @dev Requirements: the node open with no close announced (the members stay under the rate the close
    ///      was announced with); the caller its master; a valid name, description and share rate (at most
    ///      the max share rate in force now). Emits {NodeEdited}.
    function editNode(uint256 nodeId, string calldata name, string calldata description, uint256 shareBps)
        external
        nonReentrant
    {
        Node storage n = _activeNode(nodeId);
        if (n.master != msg.sender) revert NotMaster(nodeId, msg.sender);
        _checkText(name, description);
        _checkShare(shareBps, _params.maxShareBps);
        // shareBps <= maxShareBps <= MAX_SHARE_BPS_CAP.
        // forge-lint: disable-next-line(unsafe-typecast)
        n.shareBps = uint16(shareBps);
        n.name = name;
        n.description = description;
        emit NodeEdited(nodeId, name, description, shareBps);
    }

    /// @inheritdoc IEternoNodes
    /// @dev Requirements: the caller in node `nodeId`; the master, when the node has members, only at or
    ///      after its announced close ({NodeHasMembers} without an announcement, {CloseNotDue} before it).
    ///      Emits {NodeQuit} for a member, {NodeClosed} for the master.
    function quitNode(uint256 nodeId) external nonReentrant {
        Membership memory m = _memberships[msg.sender];
        if (m.nodeId != nodeId || nodeId == 0) {
            _knownNode(nodeId);
            revert NotInNode(nodeId, msg.sender);
        }
        Node storage n = _nodes[nodeId];
        if (n.master != msg.sender) {
            _returnNft(n, nodeId, msg.sender, m);
            return;
        }
        // The master's membership names an open node: a close deletes it.
        uint256 members = n.members;
        if (members != 0) {
            uint256 closeAt = n.closeAt;
            if (closeAt == 0) revert NodeHasMembers(nodeId, members);
            // A producer's few seconds of timestamp latitude are nothing against a notice of days.
            // forge-lint: disable-next-line(block-timestamp)
            if (block.timestamp < closeAt) revert CloseNotDue(nodeId, closeAt, block.timestamp);
        }
        delete _memberships[msg.sender];
        uint256 staked = n.staked;
        n.open = false;
        n.weight = 0;
        NFT.transferFrom(address(this), msg.sender, m.tokenId);
        ETRO.safeTransfer(msg.sender, staked);
        emit NodeClosed(nodeId, msg.sender, m.tokenId, staked, members);
    }

    /// @inheritdoc IEternoNodes
    /// @dev Requirements: the node open with no close announced; the caller its master. Emits
    ///      {CloseAnnounced}.
    function announceClose(uint256 nodeId) external {
        Node storage n = _activeNode(nodeId);
        if (n.master != msg.sender) revert NotMaster(nodeId, msg.sender);
        // block.timestamp + at most MAX_CLOSE_NOTICE fits 64 bits for billions of years.
        // forge-lint: disable-next-line(unsafe-typecast)
        uint64 closeAt = uint64(block.timestamp + closeNotice);
        n.closeAt = closeAt;
        emit CloseAnnounced(nodeId, closeAt);
    }

    /// @inheritdoc IEternoNodes
    /// @dev Requirements: the node open with a close announced; the caller its master. Emits {CloseCancelled}.
    function cancelClose(uint256 nodeId) external {
        Node storage n = _openNode(nodeId);
        if (n.master != msg.sender) revert NotMaster(nodeId, msg.sender);
        if (n.closeAt == 0) revert CloseNotAnnounced(nodeId);
        n.closeAt = 0;
        emit CloseCancelled(nodeId);
    }

    /// @inheritdoc IEternoNodes
    /// @dev Requirements: the node closed; at most MAX_RETURN_BATCH accounts (an account not in the node is
    ///      skipped, so a member who took its NFT back meanwhile does not make the batch fail). Emits
    ///      {NodeQuit} per NFT returned.
    function returnNfts(uint256 nodeId, address[] calldata members) external nonReentrant {
        Node storage n = _knownNode(nodeId);
        if (n.open) revert NodeStillOpen(nodeId);
        uint256 count = members.length;
        if (count > MAX_RETURN_BATCH) revert ReturnBatchTooLarge(count, MAX_RETURN_BATCH);
        for (uint256 i = 0; i < count; ++i) {
            Membership memory m = _memberships[members[i]];
            // A closed node's master has no membership left: every match is a member.
            if (m.nodeId == nodeId) _returnNft(n, nodeId, members[i], m);
        }
    }

    /// @inheritdoc IEternoNodes
    /// @dev Requirements: `amount` > 0; the node open with no close announced; the caller approved `amount`
    ///      ETRO. Emits {Voted}.
    function vote(uint256 nodeId, uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        Node storage n = _activeNode(nodeId);
        uint256 total = _votes[nodeId][msg.sender] + amount;
        _votes[nodeId][msg.sender] = total;
        n.votes += amount;
        ETRO.safeTransferFrom(msg.sender, address(this), amount);
        emit Voted(nodeId, msg.sender, amount, total);
    }

    /// @inheritdoc IEternoNodes
    /// @dev Requirements: `amount` > 0; the node known (open or closed); `amount` at most the caller's votes
    ///      on it. Emits {Unvoted}.
    function unvote(uint256 nodeId, uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        Node storage n = _knownNode(nodeId);
        uint256 stake = _votes[nodeId][msg.sender];
        if (amount > stake) revert InsufficientVotes(nodeId, amount, stake);
        uint256 total;
        unchecked {
            // amount <= stake <= the node's votes.
            total = stake - amount;
            n.votes -= amount;
        }
        _votes[nodeId][msg.sender] = total;
        ETRO.safeTransfer(msg.sender, amount);
        emit Unvoted(nodeId, msg.sender, amount, total);
    }

    // ---------------------------------------------------------------- owner

    /// @notice Sets the parameters. The needed ETRO applies to nodes created from now on (a node keeps the
    ///         stake it made), the max share rate to creations and edits from now on (a node keeps its rate
    ///         until its master edits it), the rarity weights to NFTs entering from now on.
    /// @dev Requirements: owner; `neededEtro` in [1, 2^128); `maxShareBps` <= MAX_SHARE_BPS_CAP; each
    ///      weight in [1, MAX_RARITY_WEIGHT], never lower for a rarer NFT (N <= R <= SR <= SSR).
    ///      Emits {ParametersSet}.
    /// @param neededEtro The ETRO a new node stakes.
    /// @param maxShareBps The highest share rate.
    /// @param rarityWeights The weights of N, R, SR, SSR.
    function setParameters(uint256 neededEtro, uint256 maxShareBps, uint16[4] calldata rarityWeights)
        external
        onlyOwner
    {
        _setParameters(neededEtro, maxShareBps, rarityWeights);
    }

    /// @notice Sets the close notice for closes announced from now on (an announced close keeps its date).
    /// @dev Requirements: owner; `notice` in [MIN_CLOSE_NOTICE, MAX_CLOSE_NOTICE]. Emits {CloseNoticeSet}.
    /// @param notice Seconds between an announcement and the earliest close.
    function setCloseNotice(uint256 notice) external onlyOwner {
        _setCloseNotice(notice);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IEternoNodes
    function nodeOf(uint256 nodeId) external view returns (Node memory) {
        return _knownNode(nodeId);
    }

    /// @inheritdoc IEternoNodes
    function membershipOf(address account) external view returns (uint256 nodeId, uint256 tokenId) {
        Membership memory m = _memberships[account];
        return (m.nodeId, m.tokenId);
    }

    /// @notice The weight the NFT an account escrowed brought into its node (0 when in none).
    /// @param account The account.
    /// @return The weight, fixed when the NFT entered.
    function membershipWeightOf(address account) external view returns (uint256) {
        return _memberships[account].weight;
    }

    /// @inheritdoc IEternoNodes
    function votesOf(uint256 nodeId, address voter) external view returns (uint256) {
        return _votes[nodeId][voter];
    }

    /// @inheritdoc IEternoNodes
    function nodeCount() external view returns (uint256) {
        return _params.nodeCount;
    }

    /// @notice The parameters in force.
    /// @return neededEtro The ETRO a new node stakes.
    /// @return maxShareBps The highest share rate.
    /// @return rarityWeights The weights of N, R, SR, SSR.
    function parameters()
        external
        view
        returns (uint256 neededEtro, uint256 maxShareBps, uint16[4] memory rarityWeights)
    {
        Params memory p = _params;
        for (uint256 i = 0; i < 4; ++i) {
            rarityWeights[i] = uint16(p.weights >> (16 * i));
        }
        return (p.neededEtro, p.maxShareBps, rarityWeights);
    }

    // ---------------------------------------------------------------- internals

    /// @dev The node `nodeId`, reverting with {UnknownNode} when no node has that id.
    function _knownNode(uint256 nodeId) private view returns (Node storage) {
        if (nodeId == 0 || nodeId > _params.nodeCount) revert UnknownNode(nodeId);
        return _nodes[nodeId];
    }

    /// @dev The node `nodeId`, reverting unless it exists and is open.
    function _openNode(uint256 nodeId) private view returns (Node storage n) {
        n = _knownNode(nodeId);
        if (!n.open) revert NodeNotOpen(nodeId);
    }

    /// @dev The node `nodeId`, reverting unless it exists, is open and has no close announced.
    function _activeNode(uint256 nodeId) private view returns (Node storage n) {
        n = _openNode(nodeId);
        uint256 closeAt = n.closeAt;
        if (closeAt != 0) revert NodeClosing(nodeId, closeAt);
    }

    /// @dev Member `account` (membership `m`) of node `nodeId` leaves it with its entry NFT: off the node's
    ///      weight while it is open (a closed node's weight is 0 already), off its member count. Emits
    ///      {NodeQuit}.
    function _returnNft(Node storage n, uint256 nodeId, address account, Membership memory m) private {
        delete _memberships[account];
        // The member is counted in `members` and, in an open node, its weight is part of the node's.
        unchecked {
            if (n.open) n.weight -= m.weight;
            --n.members;
        }
        NFT.transferFrom(address(this), account, m.tokenId);
        emit NodeQuit(nodeId, account, m.tokenId, m.weight);
    }

    /// @dev Checks the bounds, stores the close notice and emits {CloseNoticeSet}.
    function _setCloseNotice(uint256 notice) private {
        if (notice < MIN_CLOSE_NOTICE || notice > MAX_CLOSE_NOTICE) revert InvalidCloseNotice(notice);
        closeNotice = notice;
        emit CloseNoticeSet(notice);
    }

    /// @dev Reverts with {AlreadyInNode} when `account` is in a node.
    function _requireOutside(address account) private view {
        uint256 current = _memberships[account].nodeId;
        if (current != 0) revert AlreadyInNode(account, current);
    }

    /// @dev The weight `tokenId` brings in with `weights`, after checking it is the caller's, revealed and
    ///      of `kind`.
    function _weightOf(uint256 tokenId, EternoNft.Kind kind, uint64 weights) private view returns (uint256) {
        EternoNft.Info memory info = NFT.infoOf(tokenId);
        if (info.owner != msg.sender) revert NotNftOwner(tokenId, info.owner);
        if (info.kind != uint8(kind)) revert WrongNftKind(tokenId, info.kind, uint8(kind));
        if (info.rarity == uint8(EternoNft.Rarity.Unrevealed)) revert NftNotRevealed(tokenId);
        // The rarity's 16 bits of the packed weights (rarity 1…4 here).
        // forge-lint: disable-next-line(unsafe-typecast)
        return uint16(weights >> (16 * (info.rarity - 1)));
    }

    /// @dev Reverts unless the name has 1–32 bytes and the description at most 280.
    function _checkText(string calldata name, string calldata description) private pure {
        uint256 nameLength = bytes(name).length;
        if (nameLength == 0 || nameLength > MAX_NAME_BYTES) revert BadNameLength(nameLength, MAX_NAME_BYTES);
        uint256 descriptionLength = bytes(description).length;
        if (descriptionLength > MAX_DESCRIPTION_BYTES) {
            revert DescriptionTooLong(descriptionLength, MAX_DESCRIPTION_BYTES);
        }
    }

    /// @dev Reverts with {ShareTooHigh} when `shareBps` is above `maxShareBps`.
    function _checkShare(uint256 shareBps, uint256 maxShareBps) private pure {
        if (shareBps > maxShareBps) revert ShareTooHigh(shareBps, maxShareBps);
    }

    /// @dev Checks the bounds, stores the parameters and emits {ParametersSet}.
    function _setParameters(uint256 neededEtro, uint256 maxShareBps, uint16[4] memory rarityWeights) private {
        if (neededEtro == 0 || neededEtro > type(uint128).max) revert InvalidNeededEtro(neededEtro);
        if (maxShareBps > MAX_SHARE_BPS_CAP) revert MaxShareAboveCap(maxShareBps, MAX_SHARE_BPS_CAP);
        uint64 packed = 0;
        uint256 previous = 1;
        for (uint256 i = 0; i < 4; ++i) {
            uint256 w = rarityWeights[i];
            if (w < previous || w > MAX_RARITY_WEIGHT) revert InvalidRarityWeights(rarityWeights);
            previous = w;
            // w <= MAX_RARITY_WEIGHT < 2^16, so w << 48 < 2^64.
            // forge-lint: disable-next-line(unsafe-typecast)
            packed |= uint64(w << (16 * i));
        }
        // Each is bounded above: neededEtro < 2^128, maxShareBps <= MAX_SHARE_BPS_CAP.
        // forge-lint: disable-next-line(unsafe-typecast)
        _params.neededEtro = uint128(neededEtro);
        // forge-lint: disable-next-line(unsafe-typecast)
        _params.maxShareBps = uint16(maxShareBps);
        _params.weights = packed;
        emit ParametersSet(neededEtro, maxShareBps, rarityWeights);
    }
}
