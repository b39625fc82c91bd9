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
///         to the dead address 0x…dEaD: ETRO has a fixed supply and no burn function). Its rarity is drawn
///         from the hash of a later block, so the buyer cannot choose it: buying commits to block
///         `revealBlock = purchase block + revealDelay`; from the next block on anyone may reveal it,
///         and the draw is keccak256(blockhash(revealBlock), tokenId, this contract) against the odds
///         of the token's kind in force when it was bought (stored with the token, shown before
///         buying). `blockhash` only reaches 256 blocks back: a token not revealed by then is revealed
///         as N, the lowest rarity, so waiting for a better draw never pays (docs/decisions/nft.md).
/// @dev Invariants:
///        - ETRO taken == ETRO sent to BURN_ADDRESS == totalBurned == Σ price paid over minted tokens;
///          this contract holds no ETRO between transactions;
///        - every token has a kind (Entry or Partner); its rarity is Unrevealed until revealed, then one of
///          N, R, SR, SSR, and never changes again;
///        - a token's odds and reveal block are fixed at purchase; no owner action changes them;
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

    /// @notice One token: its kind, rarity, the block whose hash draws it and the odds it was bought with.
    /// @param kind Entry or Partner.
    /// @param rarity Unrevealed, or the rarity drawn.
    /// @param revealBlock The block whose hash draws the rarity.
    /// @param odds The odds in basis points of N, R, SR, SSR (sum 10 000), packed 16 bits each, N lowest.
    struct Token {
        Kind kind;
        Rarity rarity;
        uint64 revealBlock;
        uint64 odds;
    }

    /// @notice One row of {getInfoByIndex}.
    /// @param tokenId The token id.
    /// @param kind 0 entry, 1 partner.
    /// @param rarity 0 unrevealed, 1 N, 2 R, 3 SR, 4 SSR.
    /// @param revealBlock The block whose hash draws the rarity.
    /// @param owner The token's owner.
    struct Info {
        uint256 tokenId;
        uint8 kind;
        uint8 rarity;
        uint64 revealBlock;
        address owner;
    }

    /// @notice Where burned ETRO goes: an address nobody has the key of.
    address public constant BURN_ADDRESS = 0x000000000000000000000000000000000000dEaD;
    /// @notice 100 % in basis points.
    uint256 public constant BPS = 10_000;
    /// @notice How many blocks `blockhash` reaches back.
    uint256 public constant BLOCKHASH_WINDOW = 256;
    /// @notice The longest reveal delay the owner may set (leaves most of the 256-block window to reveal).
    uint256 public constant MAX_REVEAL_DELAY = 64;
    /// @notice The most rows {getInfoByIndex} returns at once.
    uint256 public constant MAX_PAGE = 100;

    /// @notice ETRO, the token NFTs are bought with.
    IERC20 public immutable ETRO;

    /// @notice The price of each kind, in ETRO base units.
    mapping(Kind kind => uint256 price) public priceOf;
    /// @notice The odds of each kind for new purchases (N, R, SR, SSR packed as in {Token}).
    mapping(Kind kind => uint64 odds) private _oddsOf;
    /// @notice Blocks between a purchase and the block whose hash draws its rarity.
    uint64 public revealDelay;
    /// @notice Whether new purchases are paused (reveals and transfers never are).
    bool public salePaused;
    /// @notice ETRO burned by purchases, in base units.
    uint256 public totalBurned;
    /// @notice Tokens revealed so far.
    uint256 public totalRevealed;

    mapping(uint256 tokenId => Token token) private _tokens;

    /// @notice An NFT was bought.
    /// @param buyer The buyer (and owner of the new token).
    /// @param tokenId The new token.
    /// @param kind 0 entry, 1 partner.
    /// @param price The ETRO burned.
    /// @param revealBlock The block whose hash will draw the rarity.
    event Bought(address indexed buyer, uint256 indexed tokenId, uint8 kind, uint256 price, uint64 revealBlock);
    /// @notice An NFT's rarity was drawn.
    /// @param tokenId The token.
    /// @param rarity 1 N, 2 R, 3 SR, 4 SSR.
    /// @param expired True when the reveal block's hash was out of reach and the rarity is N by rule.
    event Revealed(uint256 indexed tokenId, uint8 rarity, bool expired);
    /// @notice A kind's price changed.
    /// @param kind 0 entry, 1 partner.
    /// @param price The new price in ETRO base units.
    event PriceSet(uint8 kind, uint256 price);
    /// @notice A kind's odds for new purchases changed.
    /// @param kind 0 entry, 1 partner.
    /// @param oddsBps The odds of N, R, SR, SSR in basis points.
    event OddsSet(uint8 kind, uint16[4] oddsBps);
    /// @notice The reveal delay changed.
    /// @param delay The new delay in blocks.
    event RevealDelaySet(uint64 delay);
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
    /// @notice The reveal delay is 0 or above MAX_REVEAL_DELAY.
    /// @param delay The delay given.
    /// @param maxDelay The cap.
    error BadRevealDelay(uint256 delay, uint256 maxDelay);
    /// @notice The reveal block has not been mined yet (its hash is unknown).
    /// @param tokenId The token.
    /// @param revealBlock Its reveal block.
    /// @param blockNumber The current block.
    error RevealTooEarly(uint256 tokenId, uint256 revealBlock, uint256 blockNumber);
    /// @notice The token is already revealed.
    /// @param tokenId The token.
    error AlreadyRevealed(uint256 tokenId);
    /// @notice A page larger than MAX_PAGE was asked for.
    /// @param limit The page size asked.
    /// @param maxPage The cap.
    error PageTooLarge(uint256 limit, uint256 maxPage);

    /// @notice Sets up the NFT with its ETRO, prices (entry, partner), odds per kind and a 2-block delay.
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
        revealDelay = 2;
        emit RevealDelaySet(2);
    }

    /// @notice Buys an NFT of `kind`: burns its price in ETRO from the caller (who approved this
    ///         contract) and mints the token, unrevealed, committed to block `block.number + revealDelay`.
    /// @param kind 0 entry, 1 partner.
    /// @param maxPrice The most ETRO the caller accepts to pay (the price the app showed).
    /// @return tokenId The new token.
    function buy(uint256 kind, uint256 maxPrice) external nonReentrant returns (uint256 tokenId) {
        if (salePaused) revert SalePaused();
        Kind k = _kind(kind);
        uint256 price = priceOf[k];
        if (price > maxPrice) revert PriceAboveMax(price, maxPrice);
        tokenId = totalSupply() + 1;
        uint64 revealBlock = uint64(block.number) + revealDelay;
        _tokens[tokenId] = Token({kind: k, rarity: Rarity.Unrevealed, revealBlock: revealBlock, odds: _oddsOf[k]});
        totalBurned += price;
        ETRO.safeTransferFrom(msg.sender, BURN_ADDRESS, price);
        _safeMint(msg.sender, tokenId);
        emit Bought(msg.sender, tokenId, uint8(k), price, revealBlock);
    }

    /// @notice Draws the rarity of `tokenId` from the hash of its reveal block, with the odds it was
    ///         bought with. Anyone may call it (the result does not depend on the caller). When the
    ///         reveal block is more than 256 blocks back its hash is gone: the rarity is N.
    /// @param tokenId The token.
    /// @return rarity 1 N, 2 R, 3 SR, 4 SSR.
    function reveal(uint256 tokenId) external returns (uint8 rarity) {
        _requireOwned(tokenId);
        Token storage t = _tokens[tokenId];
        if (t.rarity != Rarity.Unrevealed) revert AlreadyRevealed(tokenId);
        uint256 revealBlock = t.revealBlock;
        if (block.number <= revealBlock) revert RevealTooEarly(tokenId, revealBlock, block.number);
        bool expired = block.number - revealBlock > BLOCKHASH_WINDOW;
        Rarity drawn = expired
            ? Rarity.N
            : draw(uint256(keccak256(abi.encode(blockhash(revealBlock), tokenId, address(this)))), t.odds);
        t.rarity = drawn;
        ++totalRevealed;
        rarity = uint8(drawn);
        emit Revealed(tokenId, rarity, expired);
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
        return Info({
            tokenId: tokenId, kind: uint8(t.kind), rarity: uint8(t.rarity), revealBlock: t.revealBlock, owner: owner
        });
    }

    /// @notice The odds a token was bought with.
    /// @param tokenId The token.
    /// @return The odds of N, R, SR, SSR in basis points.
    function tokenOdds(uint256 tokenId) external view returns (uint16[4] memory) {
        _requireOwned(tokenId);
        return _unpack(_tokens[tokenId].odds);
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

    /// @notice Sets the reveal delay for new purchases.
    /// @param delay Blocks, 1 to MAX_REVEAL_DELAY.
    function setRevealDelay(uint256 delay) external onlyOwner {
        if (delay == 0 || delay > MAX_REVEAL_DELAY) revert BadRevealDelay(delay, MAX_REVEAL_DELAY);
        revealDelay = uint64(delay);
        emit RevealDelaySet(uint64(delay));
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
        _oddsOf[kind] = uint64(oddsBps[0]) | (uint64(oddsBps[1]) << 16) | (uint64(oddsBps[2]) << 32)
            | (uint64(oddsBps[3]) << 48);
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
