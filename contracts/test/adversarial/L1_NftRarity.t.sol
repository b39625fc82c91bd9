// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoNft} from "../../src/EternoNft.sol";
import {EternoToken} from "../../src/EternoToken.sol";
import {NftSeeds} from "../utils/NftSeeds.sol";
import {Test} from "../utils/Test.sol";

interface VmExtra {
    function setBlockhash(uint256 blockNumber, bytes32 blockHash) external;
    function prevrandao(bytes32 newPrevrandao) external;
}

/// @notice Review 2026-11, finding L-1 (LOW): "NFT rarity from one block hash" — the rarity was
///         draw(keccak(blockhash(revealBlock), tokenId, this)): (1) the builder of the reveal block picked
///         it by grinding (SSR after 13 variants), (2) everyone computed it before `reveal`, (3) after 256
///         blocks it was N by rule. Now the operator commits per-token seeds ahead (a Merkle root per batch),
///         the purchase records its block's entropy, and the owner reveals with the seed the server gives it:
///         rarity = draw(keccak(seed, entropy, tokenId, this)). This proves the three attacks fail: a builder
///         grinding every block value it controls cannot make the reveal draw a rarity of its choosing (any
///         seed but the committed one is refused, and the committed one is fixed before the block), the chain
///         data before the reveal does not give the rarity, and a reveal 1,000 blocks later keeps its draw.
contract L1NftRarityTest is Test {
    VmExtra private constant vmx = VmExtra(address(uint160(uint256(keccak256("hevm cheat code")))));
    bytes32 private constant SECRET = keccak256("operator secret, known to the server only");
    EternoToken private etro;
    EternoNft private nft;
    address private buyer = address(0xB0B);
    address private operator = address(0x0FE7);

    function setUp() public {
        vm.roll(1000);
        etro = new EternoToken("ETERNO", "ETRO", 100_000_000e18, address(this));
        uint16[4] memory entryOdds = [uint16(6000), 2800, 1000, 200]; // SSR 2 %
        uint16[4] memory partnerOdds = [uint16(4000), 3500, 2000, 500];
        nft = new EternoNft(etro, 100e18, 1000e18, entryOdds, partnerOdds, address(this));
        nft.setSeedCommitter(operator);
        vm.prank(operator);
        nft.commitSeeds(NftSeeds.rootsOf(SECRET, 0, 1));
        vm.roll(1001);
        require(etro.transfer(buyer, 1_000_000e18), "give");
        vm.prank(buyer);
        etro.approve(address(nft), type(uint256).max);
    }

    function _odds(uint256 tokenId) private view returns (uint64 packed) {
        uint16[4] memory o = nft.tokenOdds(tokenId);
        packed = uint64(o[0]) | (uint64(o[1]) << 16) | (uint64(o[2]) << 32) | (uint64(o[3]) << 48);
    }

    /// @notice The builder grinds the purchase block (parent hash, prevrandao) and the reveal block (any hash
    ///         it likes) and tries seeds of its own: the committed seed's draw is the only one accepted, and
    ///         it was fixed before the builder saw any of these values; the grinding changes nothing.
    function test_ABuilderGrindingTheBlockCannotPickSsr() public {
        // The purchase block's values, ground by the builder (13 variants found SSR in the review).
        vmx.setBlockhash(1000, keccak256("variant parent"));
        vmx.prevrandao(keccak256("variant randao"));
        vm.prank(buyer);
        uint256 id = nft.buy(0, type(uint256).max);
        bytes32 seed = NftSeeds.seedOf(SECRET, id);
        uint8 fair =
            uint8(nft.draw(uint256(keccak256(abi.encode(seed, nft.entropyOf(id), id, address(nft)))), _odds(id)));
        // The reveal block's hash no longer matters: whatever the builder makes it, the draw is the same.
        bytes32[8] memory proof = NftSeeds.proofOf(SECRET, id);
        uint256 refused;
        for (uint256 tries = 1; tries <= 200; ++tries) {
            bytes32 guess = keccak256(abi.encode("builder seed", tries));
            uint256 mix = uint256(keccak256(abi.encode(guess, nft.entropyOf(id), id, address(nft))));
            if (uint8(nft.draw(mix, _odds(id))) != 4) continue;
            // A seed that would draw SSR: refused, it is not the committed one.
            vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, id));
            nft.reveal(id, guess, proof);
            ++refused;
        }
        assertGt(refused, 0, "the builder found SSR seeds of its own, and each was refused");
        vm.roll(block.number + 1);
        vmx.setBlockhash(block.number - 1, keccak256("a reveal block ground for SSR"));
        vm.prank(buyer);
        assertEq(nft.reveal(id, seed, proof), fair, "the committed seed's draw, not the builder's choice");
    }

    /// @notice Before the reveal, everything on chain (the entropy, the blocks' hashes, the committed root)
    ///         does not give the rarity: the review's predictor (the reveal block's hash) and any predictor
    ///         without the seed are wrong as often as the odds say, while the seed's draw is what reveals.
    function test_TheRarityIsNotComputableFromChainDataBeforeTheReveal() public {
        uint256 disagreements;
        uint256 count = 40;
        for (uint256 i = 0; i < count; ++i) {
            vmx.prevrandao(keccak256(abi.encode("randao", i)));
            vm.prank(buyer);
            uint256 id = nft.buy(0, type(uint256).max);
            // The best an observer can do without the seed: put the public values where the seed goes.
            bytes32 publicGuess = keccak256(abi.encode(nft.seedRootOf(0), blockhash(block.number - 1), id));
            uint8 guessed = uint8(
                nft.draw(uint256(keccak256(abi.encode(publicGuess, nft.entropyOf(id), id, address(nft)))), _odds(id))
            );
            uint8 reviewGuess = uint8(
                nft.draw(uint256(keccak256(abi.encode(blockhash(block.number - 1), id, address(nft)))), _odds(id))
            );
            assertEq(nft.infoOf(id).rarity, 0, "unrevealed: nothing on chain says the rarity");
            uint8 revealed = NftSeeds.reveal(nft, SECRET, id);
            if (revealed != guessed || revealed != reviewGuess) ++disagreements;
        }
        // With 60 % N odds two blind guesses agree with the draw 40 times in a row with probability ~1e-9.
        assertGt(disagreements, 0, "public data does not predict the draw");
    }

    /// @notice 1,000 blocks (and 100,000) after the purchase the reveal keeps its fair draw: no "N after 256".
    function test_ARevealAThousandBlocksLaterKeepsItsFairDraw() public {
        // A purchase whose committed seed draws above N (the review's PoC: N after 257 blocks whatever).
        uint256 id;
        uint8 fair;
        for (uint256 i = 0;; ++i) {
            vmx.prevrandao(keccak256(abi.encode("late", i)));
            vm.prank(buyer);
            id = nft.buy(1, type(uint256).max);
            bytes32 seed = NftSeeds.seedOf(SECRET, id);
            fair = uint8(nft.draw(uint256(keccak256(abi.encode(seed, nft.entropyOf(id), id, address(nft)))), _odds(id)));
            if (fair > 1) break;
        }
        vm.roll(block.number + 1000);
        assertEq(NftSeeds.reveal(nft, SECRET, id), fair, "1,000 blocks later: the fair draw, not N");
        assertGt(fair, 1, "above N");
    }
}
