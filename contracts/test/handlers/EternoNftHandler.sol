// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoNft} from "../../src/EternoNft.sol";
import {NftSeeds} from "../utils/NftSeeds.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random buys (some above the buyer's maximum, some while paused, some past the committed seeds),
///         reveals with the committed seed (any number of blocks later), reveals with a guessed seed (always
///         refused), transfers, blocks passing, seed commits by the committer (and refused ones by others),
///         and the owner's price, odds, pause and committer changes; records the ETRO burned, each token's
///         odds and entropy at purchase, each committed root and each revealed rarity.
contract EternoNftHandler is Test {
    EternoNft public immutable nft;
    IERC20 public immutable etro;
    address public immutable owner;
    bytes32 public immutable secret;
    address[] public buyers;
    address[2] public committers;

    uint256 public ghostBurned;
    uint256 public ghostRevealed;
    uint256 public ghostBatches;
    mapping(uint256 tokenId => uint64 odds) public ghostOdds;
    mapping(uint256 tokenId => uint256 entropy) public ghostEntropy;
    mapping(uint256 tokenId => uint8 rarity) public ghostRarity;
    mapping(uint256 batch => bytes32 root) public ghostRoot;
    uint256 public reveals;
    uint256 public guessesRefused;

    constructor(EternoNft nft_, address[] memory buyers_, bytes32 secret_, address committer2, uint256 batches) {
        nft = nft_;
        etro = nft_.ETRO();
        owner = nft_.owner();
        secret = secret_;
        buyers = buyers_;
        committers = [owner, committer2];
        ghostBatches = batches;
        for (uint256 b = 0; b < batches; b++) {
            ghostRoot[b] = nft_.seedRootOf(b);
        }
    }

    function buy(uint256 buyerSeed, uint256 kind, bool lowMax) external {
        address buyer = buyers[buyerSeed % buyers.length];
        kind = bound(kind, 0, 1);
        uint256 price = nft.priceOf(EternoNft.Kind(kind));
        if (etro.balanceOf(buyer) < price) return;
        if (nft.salePaused()) {
            vm.prank(buyer);
            vm.expectRevert(EternoNft.SalePaused.selector);
            nft.buy(kind, price);
            return;
        }
        if (lowMax) {
            vm.prank(buyer);
            vm.expectRevert(abi.encodeWithSelector(EternoNft.PriceAboveMax.selector, price, price - 1));
            nft.buy(kind, price - 1);
            return;
        }
        uint256 next = nft.totalSupply() + 1;
        uint256 usable = nft.usableSeedsThrough();
        if (next > usable) {
            vm.prank(buyer);
            vm.expectRevert(abi.encodeWithSelector(EternoNft.SeedsNotCommitted.selector, next, usable));
            nft.buy(kind, price);
            return;
        }
        uint16[4] memory odds = nft.oddsOf(kind);
        vm.prank(buyer);
        uint256 id = nft.buy(kind, price);
        ghostBurned += price;
        ghostOdds[id] = uint64(odds[0]) | (uint64(odds[1]) << 16) | (uint64(odds[2]) << 32) | (uint64(odds[3]) << 48);
        ghostEntropy[id] = uint176(uint256(keccak256(abi.encode(blockhash(block.number - 1), block.prevrandao))));
    }

    function reveal(uint256 idSeed, uint256 callerSeed) external {
        uint256 supply = nft.totalSupply();
        if (supply == 0) return;
        uint256 id = bound(idSeed, 1, supply);
        if (ghostRarity[id] != 0) {
            vm.expectRevert(abi.encodeWithSelector(EternoNft.AlreadyRevealed.selector, id));
            NftSeeds.reveal(nft, secret, id);
            return;
        }
        bytes32 seed = NftSeeds.seedOf(secret, id);
        uint8 want =
            uint8(nft.draw(uint256(keccak256(abi.encode(seed, ghostEntropy[id], id, address(nft)))), ghostOdds[id]));
        vm.prank(buyers[callerSeed % buyers.length]);
        uint8 rarity = NftSeeds.reveal(nft, secret, id);
        require(rarity == want, "the rarity is the draw of the committed seed and the purchase's entropy");
        ghostRarity[id] = rarity;
        ghostRevealed++;
        reveals++;
    }

    /// @notice A holder (or a block builder) tries a seed of its own choosing: refused.
    function revealWithGuess(uint256 idSeed, bytes32 guess) external {
        uint256 supply = nft.totalSupply();
        if (supply == 0) return;
        uint256 id = bound(idSeed, 1, supply);
        if (ghostRarity[id] != 0 || guess == NftSeeds.seedOf(secret, id)) return;
        bytes32[8] memory proof = NftSeeds.proofOf(secret, id);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, id));
        nft.reveal(id, guess, proof);
        guessesRefused++;
    }

    function commit(uint256 count, bool byStranger) external {
        count = bound(count, 1, 2);
        bytes32[] memory roots = NftSeeds.rootsOf(secret, ghostBatches, count);
        if (byStranger) {
            vm.prank(buyers[0]);
            vm.expectRevert(abi.encodeWithSelector(EternoNft.NotSeedCommitter.selector, buyers[0]));
            nft.commitSeeds(roots);
            return;
        }
        vm.prank(nft.seedCommitter());
        nft.commitSeeds(roots);
        for (uint256 i = 0; i < count; i++) {
            ghostRoot[ghostBatches + i] = roots[i];
        }
        ghostBatches += count;
    }

    function transfer(uint256 idSeed, uint256 toSeed) external {
        uint256 supply = nft.totalSupply();
        if (supply == 0) return;
        uint256 id = bound(idSeed, 1, supply);
        address from = nft.ownerOf(id);
        address to = buyers[toSeed % buyers.length];
        vm.prank(from);
        nft.transferFrom(from, to, id);
    }

    function mine(uint256 blocks) external {
        vm.roll(block.number + bound(blocks, 1, 10_000));
    }

    function setPrice(uint256 kind, uint256 price) external {
        vm.prank(owner);
        nft.setPrice(bound(kind, 0, 1), bound(price, 1, 5_000e18));
    }

    function setOdds(uint256 kind, uint16 a, uint16 b, uint16 c) external {
        uint256 n = bound(a, 0, 10_000);
        uint256 r = bound(b, 0, 10_000 - n);
        uint256 sr = bound(c, 0, 10_000 - n - r);
        vm.prank(owner);
        nft.setOdds(bound(kind, 0, 1), [uint16(n), uint16(r), uint16(sr), uint16(10_000 - n - r - sr)]);
    }

    function setSeedCommitter(uint256 which) external {
        vm.prank(owner);
        nft.setSeedCommitter(committers[which % 2]);
    }

    function setSalePaused(bool paused) external {
        vm.prank(owner);
        nft.setSalePaused(paused);
    }
}
