// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Amounts and parameters stay event data (topics are for filtering).
/* solhint-disable gas-indexed-events */

/// @title IEternoNodes
/// @author ETERNO
/// @notice ETERNO's nodes (ECONOMY §9). A master creates a node by escrowing a revealed partner NFT and
///         staking the needed ETRO; others join it by escrowing a revealed entry NFT; the master edits
///         its name, description and share rate (within the owner's bound); a member quits and gets the
///         NFT back at any time; the master closes the node (NFT and stake back) at once when it has no
///         member, else after announcing the close on chain and waiting the close notice (no join, vote or
///         edit meanwhile; the master may cancel); the members of a closed node take their NFTs back
///         ({quitNode}, or anyone returns them in bounded batches with {returnNfts}). ETRO holders
///         vote by staking ETRO on a node and take it back at any time. A node's NFT weight is the sum of
///         the rarity weights of the NFTs it holds (N 1, R 2, SR 4, SSR 8 by default), fixed per NFT when
///         it enters. An account is in at most one node at a time (as master or member).
///         The daily node reward pool is split off-chain by the server's ledger from these events
///         (docs/decisions/nodes.md); this contract holds no reward.
interface IEternoNodes {
    /// @notice One node, as {nodeOf} returns it.
    /// @param master The node's creator (receives the share rate of the node's reward).
    /// @param weight The node's NFT weight (partner plus members).
    /// @param members The member count (the master not included); on a closed node, the entry NFTs still
    ///        held for their owners to take back.
    /// @param shareBps The master's share of the node's reward, in basis points.
    /// @param open False once the master closed it.
    /// @param partnerTokenId The partner NFT escrowed by the master.
    /// @param staked The ETRO the master staked at creation (returned at close).
    /// @param closeAt When an announced close may happen (unix seconds; 0 when none is announced); on a
    ///        closed node with members, the close's due time.
    /// @param votes The ETRO staked on the node by voters, in total.
    /// @param name The node's name.
    /// @param description The node's description.
    struct Node {
        address master;
        uint32 weight;
        uint32 members;
        uint16 shareBps;
        bool open;
        uint256 partnerTokenId;
        uint128 staked;
        uint64 closeAt;
        uint256 votes;
        string name;
        string description;
    }

    /// @notice `master` created node `nodeId`, escrowing partner NFT `tokenId` and staking `staked` ETRO.
    /// @param nodeId The node's id (sequential from 1).
    /// @param master The creator.
    /// @param tokenId The partner NFT escrowed.
    /// @param weight The NFT's rarity weight (the node's first weight).
    /// @param staked The ETRO staked (the needed ETRO in force).
    /// @param shareBps The master's share rate.
    /// @param name The node's name.
    /// @param description The node's description.
    event NodeCreated(
        uint256 indexed nodeId,
        address indexed master,
        uint256 tokenId,
        uint256 weight,
        uint256 staked,
        uint256 shareBps,
        string name,
        string description
    );

    /// @notice The master edited node `nodeId`.
    /// @param nodeId The node.
    /// @param name The new name.
    /// @param description The new description.
    /// @param shareBps The new share rate.
    event NodeEdited(uint256 indexed nodeId, string name, string description, uint256 shareBps);

    /// @notice `member` joined node `nodeId`, escrowing entry NFT `tokenId` of rarity weight `weight`.
    /// @param nodeId The node.
    /// @param member The member.
    /// @param tokenId The entry NFT escrowed.
    /// @param weight Its rarity weight (added to the node's weight).
    event NodeJoined(uint256 indexed nodeId, address indexed member, uint256 tokenId, uint256 weight);

    /// @notice `member` quit node `nodeId`; entry NFT `tokenId` went back to them.
    /// @param nodeId The node.
    /// @param member The former member.
    /// @param tokenId The entry NFT returned.
    /// @param weight Its rarity weight (taken off the node's weight).
    event NodeQuit(uint256 indexed nodeId, address indexed member, uint256 tokenId, uint256 weight);

    /// @notice The master closed node `nodeId`; the partner NFT and the stake went back. The node earns
    ///         nothing from now on; its `members` entry NFTs wait for their owners ({quitNode}, {returnNfts}).
    /// @param nodeId The node.
    /// @param master The master.
    /// @param tokenId The partner NFT returned.
    /// @param staked The ETRO returned.
    /// @param members The entry NFTs still held for their owners.
    event NodeClosed(uint256 indexed nodeId, address indexed master, uint256 tokenId, uint256 staked, uint256 members);

    /// @notice The master of node `nodeId` announced its close: it may close from `closeAt` on.
    /// @param nodeId The node.
    /// @param closeAt The earliest close (unix seconds): the announcement's time plus the close notice.
    event CloseAnnounced(uint256 indexed nodeId, uint256 closeAt);

    /// @notice The master of node `nodeId` cancelled the announced close.
    /// @param nodeId The node.
    event CloseCancelled(uint256 indexed nodeId);

    /// @notice `voter` staked `amount` ETRO more on node `nodeId`.
    /// @param nodeId The node.
    /// @param voter The voter.
    /// @param amount The ETRO added.
    /// @param total The voter's stake on the node after it.
    event Voted(uint256 indexed nodeId, address indexed voter, uint256 amount, uint256 total);

    /// @notice `voter` took `amount` ETRO of their votes back from node `nodeId`.
    /// @param nodeId The node.
    /// @param voter The voter.
    /// @param amount The ETRO returned.
    /// @param total The voter's stake on the node after it.
    event Unvoted(uint256 indexed nodeId, address indexed voter, uint256 amount, uint256 total);

    /// @notice The owner set the close notice (for closes announced from now on).
    /// @param notice Seconds between an announcement and the earliest close.
    event CloseNoticeSet(uint256 notice);

    /// @notice The owner set the parameters (they apply to nodes created and edits made from now on).
    /// @param neededEtro The ETRO a master stakes to create a node.
    /// @param maxShareBps The highest share rate a master may set.
    /// @param rarityWeights The weights of N, R, SR, SSR (for NFTs entering from now on).
    event ParametersSet(uint256 neededEtro, uint256 maxShareBps, uint16[4] rarityWeights);

    /// @notice Creates a node: escrows the caller's revealed partner NFT `tokenId` and stakes the needed ETRO
    ///         (approve it first).
    /// @param tokenId The partner NFT (owned by the caller, revealed).
    /// @param name 1–32 bytes.
    /// @param description At most 280 bytes.
    /// @param shareBps At most the max share rate.
    /// @return nodeId The new node's id.
    function createNode(uint256 tokenId, string calldata name, string calldata description, uint256 shareBps)
        external
        returns (uint256 nodeId);

    /// @notice Joins open node `nodeId` by escrowing the caller's revealed entry NFT `tokenId`.
    /// @param nodeId The node.
    /// @param tokenId The entry NFT.
    function joinNode(uint256 nodeId, uint256 tokenId) external;

    /// @notice The master edits the node's name, description and share rate.
    /// @param nodeId The node.
    /// @param name 1–32 bytes.
    /// @param description At most 280 bytes.
    /// @param shareBps At most the max share rate.
    function editNode(uint256 nodeId, string calldata name, string calldata description, uint256 shareBps) external;

    /// @notice Leaves node `nodeId`: a member gets the entry NFT back (also from a closed node); the master
    ///         closes the node and gets the partner NFT and the stake back, at once when it has no member,
    ///         else once the announced close is due.
    /// @param nodeId The node.
    function quitNode(uint256 nodeId) external;

    /// @notice The master announces the close of open node `nodeId`: it may close after the close notice.
    ///         Until it closes (or the announcement is cancelled) nobody joins, votes on or edits it.
    /// @param nodeId The node.
    function announceClose(uint256 nodeId) external;

    /// @notice The master cancels the announced close of node `nodeId`.
    /// @param nodeId The node.
    function cancelClose(uint256 nodeId) external;

    /// @notice Returns the entry NFTs of the listed members of closed node `nodeId` to them (anyone may send
    ///         it; at most {MAX_RETURN_BATCH} accounts; accounts that are not its members are skipped).
    /// @param nodeId The closed node.
    /// @param members The members whose NFTs go back.
    function returnNfts(uint256 nodeId, address[] calldata members) external;

    /// @notice Stakes `amount` ETRO on open node `nodeId` (no close announced) as votes (approve it first).
    /// @param nodeId The node.
    /// @param amount The ETRO (non-zero).
    function vote(uint256 nodeId, uint256 amount) external;

    /// @notice Takes `amount` of the caller's votes back from node `nodeId` (open or closed).
    /// @param nodeId The node.
    /// @param amount The ETRO (non-zero, at most the caller's stake on it).
    function unvote(uint256 nodeId, uint256 amount) external;

    /// @notice One node (reverts for an unknown id).
    /// @param nodeId The node.
    /// @return The node.
    function nodeOf(uint256 nodeId) external view returns (Node memory);

    /// @notice The node an account is in (0 when none) and the NFT it escrowed there.
    /// @param account The account.
    /// @return nodeId The node, or 0.
    /// @return tokenId The NFT it escrowed (partner for a master, entry for a member).
    function membershipOf(address account) external view returns (uint256 nodeId, uint256 tokenId);

    /// @notice `voter`'s ETRO staked on node `nodeId`.
    /// @param nodeId The node.
    /// @param voter The voter.
    /// @return The stake.
    function votesOf(uint256 nodeId, address voter) external view returns (uint256);

    /// @notice How many nodes were ever created (ids are 1…nodeCount).
    /// @return The count.
    function nodeCount() external view returns (uint256);
}
