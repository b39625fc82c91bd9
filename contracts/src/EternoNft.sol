// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Amounts and parameters stay event data (topics are for filtering); `>=` / `<=` are kept where they
// state the rule.
/* solhint-disable gas-indexed-events, gas-strict-inequalities */

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @title EternoNft
/// @author ETERNO
/// @notice ETERNO's NFTs (ERC-721 Enumerable): two kinds, entry (joins a node) and partner (creates a
///         node), each with a rarity N, R, SR or SSR. An NFT is bought with ETRO, which is burned (sent
///         to the dead address 0x…dEaD: ETRO has a fixed supply and no burn function).
///         Rarity (docs/decisions/nft.md, review finding L-1): the seed committer (the server's NFT
///         operator key) commits ahead, on chain, to one secret seed per future token id: a Merkle root
///         per batch of {SEED_BATCH} ids, leaf keccak256(abi.encode(tokenId, seed)), never changed once
///         committed. A purchase takes the next id, which must lie in a batch committed in an EARLIER
///         block, and records entropy the committer could not know when committing (the buy block's
///         parent hash and `prevrandao`). The owner then reveals with the seed and its proof (the server
///         hands them to the token's owner only):
///         rarity = draw(keccak256(seed, entropy, tokenId, this contract), the odds bought with).
///         So the buyer (no seed) and a block producer (no seed) cannot choose the rarity, the chain
///         alone does not tell it before the reveal (the seed is secret until then), and it never
///         depends on when the reveal is sent. Trusted: the operator learns rarities before the owners
///         reveal and must serve the seeds; since a purchase's entropy is known while it executes, the
///         holder of the seeds could time purchases of its own to take the ids that draw well.
/// @dev Invariants:
///        - ETRO taken == ETRO sent to BURN_ADDRESS == totalBurned == Σ price paid over minted tokens;
///          this contract holds no ETRO between transactions;
///        - every token has a kind (Entry or Partner); its rarity is Unrevealed until revealed, then one of
///          N, R, SR, SSR, and never changes again;
///        - a token's odds and entropy are fixed at purchase; a committed seed root never changes; no owner
///          action changes any of them;
///        - every minted token id lies in a committed batch (totalSupply <= seedBatches * SEED_BATCH);
///        - revealed + pending == totalSupply (nothing is ever burned).
contract EternoNft is ERC721Enumerable, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice The two kinds of NFT.
    enum Kind {
        Entry,
        Partner
    }

    /// @notice A token's rarity; Unrevealed until its reveal.
    enum Rarity {
        Unrevealed,
        N,
        R,
        SR,
        SSR
    }

    /// @notice One token, in one slot: its kind, rarity, the odds it was bought with and the entropy of its
    ///         purchase.
    /// @param kind Entry or Partner.
    /// @param rarity Unrevealed, or the rarity drawn.
    /// @param odds The odds in basis points of N, R, SR, SSR (sum 10 000), packed 16 bits each, N lowest.
    /// @param entropy The purchase block's entropy (keccak of its parent hash and prevrandao, 176 bits).
    struct Token {
        Kind kind;
        Rarity rarity;
        uint64 odds;
        uint176 entropy;
    }

    /// @notice One row of {getInfoByIndex}.
    /// @param tokenId The token id.
    /// @param kind 0 entry, 1 partner.
    /// @param rarity 0 unrevealed, 1 N, 2 R, 3 SR, 4 SSR.
    /// @param owner The token's owner.
    struct Info {
        uint256 tokenId;
        uint8 kind;
        uint8 rarity;
        address owner;
    }

    /// @notice The seed commitments, in one slot (read by every purchase).
    /// @param batches Batches committed so far (ids 1 … batches × SEED_BATCH have a seed root).
    /// @param lastCommitBlock The block of the latest commit.
    /// @param batchesBefore Batches committed before `lastCommitBlock` (usable in that block too).
    struct SeedState {
        uint64 batches;
        uint64 lastCommitBlock;
        uint64 batchesBefore;
    }

    /// @notice Where burned ETRO goes: an address nobody has the key of.
    address public constant BURN_ADDRESS = 0x000000000000000000000000000000000000dEaD;
    /// @notice 100 % in basis points.
    uint256 public constant BPS = 10_000;
    /// @notice The most rows {getInfoByIndex} returns at once.
    uint256 public constant MAX_PAGE = 100;
    /// @notice Token ids per seed root (batch b holds ids b × SEED_BATCH + 1 … (b + 1) × SEED_BATCH).
    uint256 public constant SEED_BATCH = 256;
    /// @notice The depth of a batch's Merkle tree (2^SEED_TREE_DEPTH == SEED_BATCH): a proof's length.
    uint256 public constant SEED_TREE_DEPTH = 8;
    /// @notice The most roots one {commitSeeds} takes.
    uint256 public constant MAX_COMMIT = 64;

    /// @notice ETRO, the token NFTs are bought with.
    IERC20 public immutable ETRO;

    /// @notice The price of each kind, in ETRO base units.
    mapping(Kind kind => uint256 price) public priceOf;
    /// @notice The odds of each kind for new purchases (N, R, SR, SSR packed as in {Token}).
    mapping(Kind kind => uint64 odds) private _oddsOf;
    /// @notice Whether new purchases are paused (reveals and transfers never are).
    bool public salePaused;
    /// @notice The account that commits seed roots (the server's NFT operator key).
    address public seedCommitter;
    /// @notice ETRO burned by purchases, in base units.
    uint256 public totalBurned;
    /// @notice Tokens revealed so far.
    uint256 public totalRevealed;
    /// @notice The seed root of each committed batch (never changed once set).
    mapping(uint256 batch => bytes32 root) public seedRootOf;

    SeedState private _seeds;
    mapping(uint256 tokenId => Token token) private _tokens;

    /// @notice An NFT was bought.
    /// @param buyer The buyer (and owner of the new token).
    /// @param tokenId The new token.
    /// @param kind 0 entry, 1 partner.
    /// @param price The ETRO burned.
    /// @param entropy The purchase's entropy, mixed with the token's seed at the reveal.
    event Bought(address indexed buyer, uint256 indexed tokenId, uint8 kind, uint256 price, uint256 entropy);
    /// @notice An NFT's rarity was drawn.
    /// @param tokenId The token.
    /// @param rarity 1 N, 2 R, 3 SR, 4 SSR.
    /// @param seed The token's committed seed (anyone can check the draw with it).
    event Revealed(uint256 indexed tokenId, uint8 rarity, bytes32 seed);
    /// @notice The seed root of batch `batch` was committed.
    /// @param batch The batch (ids batch × SEED_BATCH + 1 … (batch + 1) × SEED_BATCH).
    /// @param root The Merkle root of its leaves keccak256(abi.encode(tokenId, seed)).
    event SeedsCommitted(uint256 indexed batch, bytes32 root);
    /// @notice The seed committer changed.
    /// @param committer The new committer.
    event SeedCommitterSet(address committer);
    /// @notice A kind's price changed.
    /// @param kind 0 entry, 1 partner.
    /// @param price The new price in ETRO base units.
    event PriceSet(uint8 kind, uint256 price);
    /// @notice A kind's odds for new purchases changed.
    /// @param kind 0 entry, 1 partner.
    /// @param oddsBps The odds of N, R, SR, SSR in basis points.
    event OddsSet(uint8 kind, uint16[4] oddsBps);
    /// @notice New purchases were paused or resumed.
    /// @param paused True when paused.
    event SalePausedSet(bool paused);

    /// @notice An address parameter was the zero address.
    error ZeroAddress();
    /// @notice The kind is neither entry (0) nor partner (1).
    /// @param kind The kind given.
    error UnknownKind(uint256 kind);
    /// @notice The kind's price is above what the buyer accepts (it changed since the buyer looked).
    /// @param price The current price.
    /// @param maxPrice The buyer's maximum.
    error PriceAboveMax(uint256 price, uint256 maxPrice);
    /// @notice A price of 0 was set (an NFT is never free).
    error ZeroPrice();
    /// @notice New purchases are paused.
    error SalePaused();
    /// @notice The odds do not add up to 100 %.
    /// @param sum Their sum in basis points.
    error OddsNotWhole(uint256 sum);
    /// @notice The token is already revealed.
    /// @param tokenId The token.
    error AlreadyRevealed(uint256 tokenId);
    /// @notice A page larger than MAX_PAGE was asked for.
    /// @param limit The page size asked.
    /// @param maxPage The cap.
    error PageTooLarge(uint256 limit, uint256 maxPage);
    /// @notice Only the seed committer commits seed roots.
    /// @param caller The caller.
    error NotSeedCommitter(address caller);
    /// @notice A commit of no root, or of more than MAX_COMMIT.
    /// @param count The roots given.
    /// @param maxCount The cap.
    error BadSeedRootCount(uint256 count, uint256 maxCount);
    /// @notice A zero seed root (it would read as "not committed").
    /// @param batch The batch it was for.
    error ZeroSeedRoot(uint256 batch);
    /// @notice The next token id has no seed committed in an earlier block (the operator must commit more).
    /// @param tokenId The id the purchase would take.
    /// @param usableThrough The highest id a purchase in this block may take.
    error SeedsNotCommitted(uint256 tokenId, uint256 usableThrough);
    /// @notice The seed and proof do not match the token's committed seed root.
    /// @param tokenId The token.
    error BadSeed(uint256 tokenId);

    /// @notice Sets up the NFT with its ETRO, prices (entry, partner) and odds per kind; the owner is the
    ///         first seed committer.
    /// @param etro The ETRO token.
    /// @param entryPrice The entry NFT's price in ETRO base units.
    /// @param partnerPrice The partner NFT's price in ETRO base units.
    /// @param entryOdds The entry NFT's odds of N, R, SR, SSR (basis points, sum 10 000).
    /// @param partnerOdds The partner NFT's odds of N, R, SR, SSR (basis points, sum 10 000).
    /// @param owner_ The owner (parameter setters).
    constructor(
        IERC20 etro,
        uint256 entryPrice,
        uint256 partnerPrice,
        uint16[4] memory entryOdds,
        uint16[4] memory partnerOdds,
        address owner_
    ) ERC721("ETERNO NFT", "ENFT") Ownable(owner_) {
        if (address(etro) == address(0)) revert ZeroAddress();
        ETRO = etro;
        _setPrice(Kind.Entry, entryPrice);
        _setPrice(Kind.Partner, partnerPrice);
        _setOdds(Kind.Entry, entryOdds);
        _setOdds(Kind.Partner, partnerOdds);
        seedCommitter = owner_;
        emit SeedCommitterSet(owner_);
    }

    /// @notice Buys an NFT of `kind`: burns its price in ETRO from the caller (who approved this
    ///         contract) and mints the next token id, unrevealed, with the odds in force and the block's
    ///         entropy.
    /// @dev Requirements: sale not paused; a known kind; price <= `maxPrice`; the next id's seed root
    ///      committed in an earlier block ({SeedsNotCommitted}). Emits {Bought}.
    /// @param kind 0 entry, 1 partner.
    /// @param maxPrice The most ETRO the caller accepts to pay (the price the app showed).
    /// @return tokenId The new token.
    function buy(uint256 kind, uint256 maxPrice) external nonReentrant returns (uint256 tokenId) {
        if (salePaused) revert SalePaused();
        Kind k = _kind(kind);
        uint256 price = priceOf[k];
        if (price > maxPrice) revert PriceAboveMax(price, maxPrice);
        tokenId = totalSupply() + 1;
        uint256 usableThrough = usableSeedsThrough();
        if (tokenId > usableThrough) revert SeedsNotCommitted(tokenId, usableThrough);
        // 176 bits of the hash: the entropy only has to be unknown to the committer when it committed.
        // forge-lint: disable-next-line(unsafe-typecast)
        uint176 entropy = uint176(uint256(keccak256(abi.encode(blockhash(block.number - 1), block.prevrandao))));
        _tokens[tokenId] = Token({kind: k, rarity: Rarity.Unrevealed, odds: _oddsOf[k], entropy: entropy});
        totalBurned += price;
        ETRO.safeTransferFrom(msg.sender, BURN_ADDRESS, price);
        _safeMint(msg.sender, tokenId);
        emit Bought(msg.sender, tokenId, uint8(k), price, entropy);
    }

    /// @notice Reveals `tokenId` with its committed seed: rarity = draw(keccak256(seed, the purchase's
    ///         entropy, tokenId, this contract), the odds it was bought with). Anyone holding the seed may
    ///         send it (the result does not depend on the caller or on when it is sent).
    /// @dev Requirements: the token exists and is unrevealed; `seed` and `proof` lead to its batch's root
    ///      ({BadSeed}). Emits {Revealed}.
    /// @param tokenId The token.
    /// @param seed The token's seed (from the operator's server, given to the token's owner).
    /// @param proof The Merkle proof of the leaf in its batch, from the leaf's sibling up.
    /// @return rarity 1 N, 2 R, 3 SR, 4 SSR.
    function reveal(uint256 tokenId, bytes32 seed, bytes32[SEED_TREE_DEPTH] calldata proof)
        external
        returns (uint8 rarity)
    {
        _requireOwned(tokenId);
        Token storage t = _tokens[tokenId];
        if (t.rarity != Rarity.Unrevealed) revert AlreadyRevealed(tokenId);
        if (seedRootFrom(tokenId, seed, proof) != seedRootOf[(tokenId - 1) / SEED_BATCH]) revert BadSeed(tokenId);
        Rarity drawn = draw(uint256(keccak256(abi.encode(seed, t.entropy, tokenId, address(this)))), t.odds);
        t.rarity = drawn;
        ++totalRevealed;
        rarity = uint8(drawn);
        emit Revealed(tokenId, rarity, seed);
    }

    /// @notice Commits the seed roots of the next `roots.length` batches (the seed committer only). A
    ///         committed root is never changed; its ids can be bought from the next block on.
    /// @dev Requirements: the caller is {seedCommitter}; 1 … MAX_COMMIT roots, none zero. Emits
    ///      {SeedsCommitted} per batch.
    /// @param roots The batches' Merkle roots, in batch order.
    function commitSeeds(bytes32[] calldata roots) external {
        if (msg.sender != seedCommitter) revert NotSeedCommitter(msg.sender);
        uint256 count = roots.length;
        if (count == 0 || count > MAX_COMMIT) revert BadSeedRootCount(count, MAX_COMMIT);
        SeedState memory s = _seeds;
        if (s.lastCommitBlock != block.number) {
            s.batchesBefore = s.batches;
            s.lastCommitBlock = uint64(block.number);
        }
        uint256 batch = s.batches;
        for (uint256 i = 0; i < count; ++i) {
            if (roots[i] == bytes32(0)) revert ZeroSeedRoot(batch + i);
            seedRootOf[batch + i] = roots[i];
            emit SeedsCommitted(batch + i, roots[i]);
        }
        // At most MAX_COMMIT batches a call: 2^64 batches are out of reach.
        // forge-lint: disable-next-line(unsafe-typecast)
        s.batches = uint64(batch + count);
        _seeds = s;
    }

    /// @notice Token info, paged: the tokens of `owner` (all tokens when `owner` is the zero address)
    ///         from index `offset`, at most `limit` (≤ MAX_PAGE) rows, in index order.
    /// @param owner The owner whose tokens to list, or the zero address for all tokens.
    /// @param offset The first index.
    /// @param limit The most rows returned.
    /// @return infos The rows (empty when `offset` is past the end).
    /// @return total How many tokens the owner has (or exist), for paging.
    function getInfoByIndex(address owner, uint256 offset, uint256 limit)
        external
        view
        returns (Info[] memory infos, uint256 total)
    {
        if (limit > MAX_PAGE) revert PageTooLarge(limit, MAX_PAGE);
        total = owner == address(0) ? totalSupply() : balanceOf(owner);
        uint256 count = offset >= total ? 0 : total - offset < limit ? total - offset : limit;
        infos = new Info[](count);
        for (uint256 i = 0; i < count; ++i) {
            uint256 tokenId = owner == address(0) ? tokenByIndex(offset + i) : tokenOfOwnerByIndex(owner, offset + i);
            infos[i] = infoOf(tokenId);
        }
    }

    /// @notice One token's info.
    /// @param tokenId The token (reverts when it does not exist).
    /// @return The token's row.
    function infoOf(uint256 tokenId) public view returns (Info memory) {
        address owner = _requireOwned(tokenId);
        Token storage t = _tokens[tokenId];
        return Info({tokenId: tokenId, kind: uint8(t.kind), rarity: uint8(t.rarity), owner: owner});
    }

    /// @notice The odds a token was bought with.
    /// @param tokenId The token.
    /// @return The odds of N, R, SR, SSR in basis points.
    function tokenOdds(uint256 tokenId) external view returns (uint16[4] memory) {
        _requireOwned(tokenId);
        return _unpack(_tokens[tokenId].odds);
    }

    /// @notice The entropy a token's purchase recorded (mixed with its seed at the reveal).
    /// @param tokenId The token.
    /// @return The entropy.
    function entropyOf(uint256 tokenId) external view returns (uint256) {
        _requireOwned(tokenId);
        return _tokens[tokenId].entropy;
    }

    /// @notice The seed commitments: batches committed and the ids they cover.
    /// @return batches Batches committed (ids 1 … batches × SEED_BATCH have a seed root).
    /// @return lastCommitBlock The block of the latest commit.
    function seedCommitments() external view returns (uint256 batches, uint256 lastCommitBlock) {
        SeedState memory s = _seeds;
        return (s.batches, s.lastCommitBlock);
    }

    /// @notice The highest token id a purchase in this block may take: the ids of batches committed in
    ///         an earlier block.
    /// @return The id (0 when none).
    function usableSeedsThrough() public view returns (uint256) {
        SeedState memory s = _seeds;
        return (s.lastCommitBlock < block.number ? s.batches : s.batchesBefore) * SEED_BATCH;
    }

    /// @notice The root a seed and its proof lead to for `tokenId` (the leaf keccak256(abi.encode(tokenId,
    ///         seed)) at position (tokenId − 1) mod SEED_BATCH of its batch's tree; an inner node hashes
    ///         its left and right children).
    /// @param tokenId The token (from 1).
    /// @param seed The seed.
    /// @param proof The siblings from the leaf up.
    /// @return node The root.
    function seedRootFrom(uint256 tokenId, bytes32 seed, bytes32[SEED_TREE_DEPTH] calldata proof)
        public
        pure
        returns (bytes32 node)
    {
        node = keccak256(abi.encode(tokenId, seed));
        uint256 index = (tokenId - 1) % SEED_BATCH;
        for (uint256 i = 0; i < SEED_TREE_DEPTH; ++i) {
            node = index & 1 == 0 ? keccak256(abi.encode(node, proof[i])) : keccak256(abi.encode(proof[i], node));
            index >>= 1;
        }
    }

    /// @notice The odds a purchase of `kind` gets now (what the app shows before buying).
    /// @param kind 0 entry, 1 partner.
    /// @return The odds of N, R, SR, SSR in basis points.
    function oddsOf(uint256 kind) external view returns (uint16[4] memory) {
        return _unpack(_oddsOf[_kind(kind)]);
    }

    /// @notice The rarity `seed` draws with `odds`: seed mod 10 000 against the cumulative odds, N first.
    /// @param seed A uniformly random number.
    /// @param odds Packed odds (N lowest 16 bits).
    /// @return The rarity.
    function draw(uint256 seed, uint64 odds) public pure returns (Rarity) {
        uint256 roll = seed % BPS;
        uint256 cumulative = 0;
        for (uint256 i = 0; i < 3; ++i) {
            cumulative += uint16(odds >> (16 * i));
            if (roll < cumulative) return Rarity(i + 1);
        }
        return Rarity.SSR;
    }

    /// @notice Sets a kind's price for new purchases.
    /// @param kind 0 entry, 1 partner.
    /// @param price The price in ETRO base units (not 0).
    function setPrice(uint256 kind, uint256 price) external onlyOwner {
        _setPrice(_kind(kind), price);
    }

    /// @notice Sets a kind's odds for new purchases (tokens already bought keep theirs).
    /// @param kind 0 entry, 1 partner.
    /// @param oddsBps The odds of N, R, SR, SSR in basis points, summing to 10 000.
    function setOdds(uint256 kind, uint16[4] calldata oddsBps) external onlyOwner {
        _setOdds(_kind(kind), oddsBps);
    }

    /// @notice Sets the seed committer (the server's NFT operator key). The new committer can only append
    ///         batches: the roots committed stay as they are.
    /// @param committer The new committer (not zero).
    function setSeedCommitter(address committer) external onlyOwner {
        if (committer == address(0)) revert ZeroAddress();
        seedCommitter = committer;
        emit SeedCommitterSet(committer);
    }

    /// @notice Pauses or resumes new purchases (reveals and transfers go on).
    /// @param paused True to pause.
    function setSalePaused(bool paused) external onlyOwner {
        salePaused = paused;
        emit SalePausedSet(paused);
    }

    /// @notice Sets a kind's price.
    /// @param kind The kind.
    /// @param price The price (not 0).
    function _setPrice(Kind kind, uint256 price) private {
        if (price == 0) revert ZeroPrice();
        priceOf[kind] = price;
        emit PriceSet(uint8(kind), price);
    }

    /// @notice Sets a kind's odds.
    /// @param kind The kind.
    /// @param oddsBps The odds of N, R, SR, SSR (sum 10 000).
    function _setOdds(Kind kind, uint16[4] memory oddsBps) private {
        uint256 sum = uint256(oddsBps[0]) + oddsBps[1] + oddsBps[2] + oddsBps[3];
        if (sum != BPS) revert OddsNotWhole(sum);
        _oddsOf[kind] =
            uint64(oddsBps[0]) | (uint64(oddsBps[1]) << 16) | (uint64(oddsBps[2]) << 32) | (uint64(oddsBps[3]) << 48);
        emit OddsSet(uint8(kind), oddsBps);
    }

    /// @notice The kind numbered `kind`.
    /// @param kind 0 or 1.
    /// @return The kind (reverts with UnknownKind otherwise).
    function _kind(uint256 kind) private pure returns (Kind) {
        if (kind > uint256(Kind.Partner)) revert UnknownKind(kind);
        return Kind(kind);
    }

    /// @notice Packed odds as four basis-point figures.
    /// @param odds The packed odds.
    /// @return out N, R, SR, SSR.
    function _unpack(uint64 odds) private pure returns (uint16[4] memory out) {
        for (uint256 i = 0; i < 4; ++i) {
            out[i] = uint16(odds >> (16 * i));
        }
    }
}
