// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {EternoNft} from "../../src/EternoNft.sol";
import {EternoToken} from "../../src/EternoToken.sol";
import {NftSeeds} from "../utils/NftSeeds.sol";
import {Test} from "../utils/Test.sol";

interface VmRandao {
    function prevrandao(bytes32 newPrevrandao) external;
}

// Session 9, second review (R2) of the redesigned EternoNft (issue 18 / security review L-1): the attacks a buyer,
// a holder of someone else's seed, a block producer or the operator would try. Run with --isolate.
//   - a seed or proof of another token, a seed under another id, an inner node passed as a leaf: refused (BadSeed
//     or the token does not exist); the fixed depth and the id inside the leaf leave no second preimage;
//   - batch edges: ids 256 / 257 reveal from their own batches, an id past the committed range is refused, a buy
//     in the block of a commit cannot use that commit (two commits in one block included);
//   - the trust the help text names: whoever holds the operator's seeds can time ITS OWN purchases (a buy that
//     reverts unless the next id draws SSR with the block's entropy) and take SSRs at will, alone, without the
//     block producer; a buyer without the seeds cannot (its "SSR-predicted" buys draw what the odds say). This is
//     why docs/decisions/nft.md and the NFT help say the operator could favour its own purchases.

/// @notice A buyer that only buys when the next id draws `wanted` with this block's entropy, using a seed it is
///         given (the operator's, or a guess): the purchase reverts otherwise.
contract ConditionalBuyer {
    EternoNft public immutable NFT;

    error WouldNotDraw(uint256 tokenId, uint8 rarity);

    constructor(EternoNft nft, EternoToken etro) {
        NFT = nft;
        etro.approve(address(nft), type(uint256).max);
    }

    function predict(bytes32 seed) public view returns (uint256 tokenId, uint8 rarity) {
        tokenId = NFT.totalSupply() + 1;
        uint176 entropy = uint176(uint256(keccak256(abi.encode(blockhash(block.number - 1), block.prevrandao))));
        uint16[4] memory odds = NFT.oddsOf(0);
        uint64 packed = uint64(odds[0]) | (uint64(odds[1]) << 16) | (uint64(odds[2]) << 32) | (uint64(odds[3]) << 48);
        rarity = uint8(NFT.draw(uint256(keccak256(abi.encode(seed, entropy, tokenId, address(NFT)))), packed));
    }

    function buyIfDraws(bytes32 seed, uint8 wanted) external returns (uint256 tokenId) {
        uint8 rarity;
        (tokenId, rarity) = predict(seed);
        if (rarity != wanted) revert WouldNotDraw(tokenId, rarity);
        require(NFT.buy(0, type(uint256).max) == tokenId, "the predicted id");
    }

    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC721Received.selector;
    }
}

contract R2NftAttacksTest is Test {
    VmRandao private constant vmr = VmRandao(address(uint160(uint256(keccak256("hevm cheat code")))));
    bytes32 private constant SECRET = keccak256("R2 operator secret");
    uint8 private constant SSR = 4;
    EternoToken private etro;
    EternoNft private nft;
    address private buyer = address(0xB0B);
    address private operator = address(0x0FE7);

    function setUp() public {
        vm.roll(1000);
        etro = new EternoToken("ETERNO", "ETRO", 100_000_000e18, address(this));
        uint16[4] memory odds = [uint16(6000), 2800, 1000, 200];
        nft = new EternoNft(etro, 1e18, 10e18, odds, odds, address(this));
        nft.setSeedCommitter(operator);
        vm.prank(operator);
        nft.commitSeeds(NftSeeds.rootsOf(SECRET, 0, 2));
        vm.roll(1001);
        require(etro.transfer(buyer, 10_000_000e18), "give");
        vm.prank(buyer);
        etro.approve(address(nft), type(uint256).max);
    }

    function _buy() private returns (uint256 id) {
        vm.prank(buyer);
        id = nft.buy(0, type(uint256).max);
    }

    // ------------------------------------------------------------------ seeds and proofs

    /// @notice Another token's seed, another token's proof, a token's seed under another id: all refused.
    function test_AnotherTokensSeedOrProofIsRefused() public {
        uint256 one = _buy();
        uint256 two = _buy();
        bytes32 seedOne = NftSeeds.seedOf(SECRET, one);
        bytes32 seedTwo = NftSeeds.seedOf(SECRET, two);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, one));
        nft.reveal(one, seedTwo, NftSeeds.proofOf(SECRET, two));
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, one));
        nft.reveal(one, seedTwo, NftSeeds.proofOf(SECRET, one));
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, one));
        nft.reveal(one, seedOne, NftSeeds.proofOf(SECRET, two));
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, two));
        nft.reveal(two, seedOne, NftSeeds.proofOf(SECRET, one));
        // The right ones still reveal, once.
        NftSeeds.reveal(nft, SECRET, one);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.AlreadyRevealed.selector, one));
        NftSeeds.reveal(nft, SECRET, one);
    }

    /// @notice An inner node passed as a leaf: its children as (tokenId, seed) name a token that does not exist, and
    ///         even the root arithmetic cannot match: the depth is fixed at 8, so an inner node would need a shorter
    ///         path; a real token with a node value as its "seed" is refused.
    function test_AnInnerNodeCannotPassForALeaf() public {
        uint256 id = _buy();
        bytes32[][] memory tree = NftSeeds.levels(SECRET, 0);
        bytes32 root = nft.seedRootOf(0);
        assertEq(tree[8][0], root, "the committed root");
        // Level-1 node 0 = keccak(abi.encode(leaf0, leaf1)): read as a leaf keccak(abi.encode(tokenId, seed)).
        uint256 fakeId = uint256(tree[0][0]);
        bytes32 fakeSeed = tree[0][1];
        bytes32[8] memory upper; // the node's own path to the root, then one extra level (the depth is fixed)
        uint256 index = 0;
        for (uint256 level = 1; level < 8; ++level) {
            upper[level - 1] = tree[level][index ^ 1];
            index >>= 1;
        }
        for (uint256 i = 0; i < 4; ++i) {
            upper[7] = keccak256(abi.encode("any last sibling", i));
            assertTrue(nft.seedRootFrom(fakeId, fakeSeed, upper) != root, "nine levels never give the root");
        }
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, fakeId));
        nft.reveal(fakeId, fakeSeed, upper);
        // The real token with an inner node (or its sibling leaf) as the seed.
        bytes32[8] memory proof = NftSeeds.proofOf(SECRET, id);
        for (uint256 level = 0; level < 8; ++level) {
            vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, id));
            nft.reveal(id, tree[level][0], proof);
        }
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, id));
        nft.reveal(id, proof[0], proof);
    }

    // ------------------------------------------------------------------ batch edges

    /// @notice Ids 256 and 257 lie in batches 0 and 1 and reveal from their own roots; id 513 (past the two committed
    ///         batches) is refused; a commit's own block cannot buy into it, even with two commits in that block.
    function test_BatchEdgesAndTheCommitBlock() public {
        for (uint256 i = 0; i < 512; ++i) {
            _buy();
        }
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, 257));
        nft.reveal(257, NftSeeds.seedOf(SECRET, 257), NftSeeds.proofOf(SECRET, 1)); // batch 0's path for index 0
        assertEq(NftSeeds.reveal(nft, SECRET, 256) != 0, true, "id 256: the last leaf of batch 0");
        assertEq(NftSeeds.reveal(nft, SECRET, 257) != 0, true, "id 257: the first leaf of batch 1");
        assertEq(NftSeeds.reveal(nft, SECRET, 512) != 0, true, "id 512: the last leaf of batch 1");
        vm.prank(buyer);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.SeedsNotCommitted.selector, 513, 512));
        nft.buy(0, type(uint256).max);
        // Two commits in this block: neither is usable before the next block.
        vm.startPrank(operator);
        nft.commitSeeds(NftSeeds.rootsOf(SECRET, 2, 1));
        nft.commitSeeds(NftSeeds.rootsOf(SECRET, 3, 1));
        vm.stopPrank();
        vm.prank(buyer);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.SeedsNotCommitted.selector, 513, 512));
        nft.buy(0, type(uint256).max);
        vm.roll(block.number + 1);
        assertEq(nft.usableSeedsThrough(), 1024, "both commits usable from the next block");
        assertEq(_buy(), 513, "the next id");
        assertEq(NftSeeds.reveal(nft, SECRET, 513) != 0, true, "revealed from batch 2");
        // A commit in a later block does not make the earlier commits unusable in its own block.
        vm.prank(operator);
        nft.commitSeeds(NftSeeds.rootsOf(SECRET, 4, 1));
        assertEq(nft.usableSeedsThrough(), 1024, "batches of earlier blocks stay usable");
        assertEq(_buy(), 514, "a buy in the commit block into an earlier batch");
    }

    // ------------------------------------------------------------------ the operator's trust

    /// @notice The holder of the seeds (the operator) buys only when the next id draws SSR in this block: it gets an
    ///         SSR every time, without the block producer. A buyer with a guessed seed, running the same strategy,
    ///         gets what the odds say (its "SSR" buys are not SSRs). This is the trust the help text states.
    function test_TheSeedHolderCanTimeItsOwnPurchasesABuyerWithoutSeedsCannot() public {
        ConditionalBuyer holder = new ConditionalBuyer(nft, etro);
        ConditionalBuyer guesser = new ConditionalBuyer(nft, etro);
        require(etro.transfer(address(holder), 1_000e18), "give");
        require(etro.transfer(address(guesser), 1_000e18), "give");
        uint256 holderSsr;
        uint256 guesserBuys;
        uint256 guesserSsr;
        for (uint256 blockIndex = 0; blockIndex < 3000 && (holderSsr < 3 || guesserBuys < 10); ++blockIndex) {
            vm.roll(block.number + 1);
            vmr.prevrandao(keccak256(abi.encode("block", blockIndex)));
            uint256 next = nft.totalSupply() + 1;
            if (holderSsr < 3) {
                try holder.buyIfDraws(NftSeeds.seedOf(SECRET, next), SSR) returns (uint256 id) {
                    assertEq(NftSeeds.reveal(nft, SECRET, id), SSR, "the seed holder's timed buy is an SSR");
                    ++holderSsr;
                    continue;
                } catch {}
            }
            if (guesserBuys < 10) {
                bytes32 guess = keccak256(abi.encode(nft.seedRootOf(0), next, "a guess from public data"));
                try guesser.buyIfDraws(guess, SSR) returns (uint256 id) {
                    ++guesserBuys;
                    if (NftSeeds.reveal(nft, SECRET, id) == SSR) ++guesserSsr;
                } catch {}
            }
        }
        assertEq(holderSsr, 3, "three SSRs (2 % odds) on demand");
        assertEq(guesserBuys, 10, "the guesser bought ten times on its SSR prediction");
        assertLt(guesserSsr, 10, "and drew what the odds say, not ten SSRs");
    }
}
