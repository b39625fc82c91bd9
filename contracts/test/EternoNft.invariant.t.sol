// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoNft} from "../src/EternoNft.sol";
import {EternoToken} from "../src/EternoToken.sol";
import {EternoNftHandler} from "./handlers/EternoNftHandler.sol";
import {InvariantTest} from "./utils/InvariantTest.sol";
import {NftSeeds} from "./utils/NftSeeds.sol";
import {Test} from "./utils/Test.sol";

/// @notice Invariants of the NFT sale and reveal under random buys, reveals (with the committed seed or a
///         guessed one), transfers, blocks, seed commits and owner changes.
contract EternoNftInvariantTest is Test, InvariantTest {
    EternoToken private etro;
    EternoNft private nft;
    EternoNftHandler private handler;
    bytes32 private constant SECRET = keccak256("invariant seeds");

    function setUp() public {
        vm.roll(1000);
        etro = new EternoToken("ETERNO", "ETRO", 100_000_000e18, address(this));
        nft = new EternoNft(
            etro, 100e18, 1000e18, [uint16(6000), 2800, 1000, 200], [uint16(4000), 3500, 2000, 500], address(0x0A)
        );
        address[] memory buyers = new address[](3);
        for (uint256 i = 0; i < buyers.length; i++) {
            buyers[i] = vm.addr(0x3000 + i);
            etro.transfer(buyers[i], 200_000e18);
            vm.prank(buyers[i]);
            etro.approve(address(nft), type(uint256).max);
        }
        vm.prank(address(0x0A));
        nft.commitSeeds(NftSeeds.rootsOf(SECRET, 0, 1));
        vm.roll(1001);
        handler = new EternoNftHandler(nft, buyers, SECRET, address(0x0C), 1);

        bytes4[] memory selectors = new bytes4[](10);
        selectors[0] = EternoNftHandler.buy.selector;
        selectors[1] = EternoNftHandler.reveal.selector;
        selectors[2] = EternoNftHandler.revealWithGuess.selector;
        selectors[3] = EternoNftHandler.commit.selector;
        selectors[4] = EternoNftHandler.transfer.selector;
        selectors[5] = EternoNftHandler.mine.selector;
        selectors[6] = EternoNftHandler.setPrice.selector;
        selectors[7] = EternoNftHandler.setOdds.selector;
        selectors[8] = EternoNftHandler.setSeedCommitter.selector;
        selectors[9] = EternoNftHandler.setSalePaused.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        targetContract(address(handler));
    }

    function invariant_TheEtroPaidIsBurnedAndNothingStays() public view {
        assertEq(etro.balanceOf(nft.BURN_ADDRESS()), handler.ghostBurned(), "burned == paid");
        assertEq(nft.totalBurned(), handler.ghostBurned(), "totalBurned == paid");
        assertEq(etro.balanceOf(address(nft)), 0, "the NFT holds no ETRO");
    }

    function invariant_EveryTokenKeepsItsPurchaseTermsAndItsRarity() public view {
        uint256 supply = nft.totalSupply();
        uint256 revealed = 0;
        for (uint256 id = 1; id <= supply; id++) {
            EternoNft.Info memory info = nft.infoOf(id);
            assertEq(nft.entropyOf(id), handler.ghostEntropy(id), "entropy fixed at purchase");
            uint16[4] memory odds = nft.tokenOdds(id);
            uint64 packed =
                uint64(odds[0]) | (uint64(odds[1]) << 16) | (uint64(odds[2]) << 32) | (uint64(odds[3]) << 48);
            assertEq(packed, handler.ghostOdds(id), "odds fixed at purchase");
            assertEq(info.rarity, handler.ghostRarity(id), "rarity drawn once, never changed");
            assertLe(info.kind, 1, "a kind");
            assertLe(info.rarity, 4, "a rarity");
            if (info.rarity != 0) revealed++;
        }
        assertEq(revealed, nft.totalRevealed(), "revealed count");
        assertEq(nft.totalRevealed(), handler.ghostRevealed(), "revealed == reveals done");
    }

    function invariant_CommittedRootsNeverChangeAndCoverEveryToken() public view {
        (uint256 batches,) = nft.seedCommitments();
        assertEq(batches, handler.ghostBatches(), "batches == commits made");
        for (uint256 b = 0; b < batches; b++) {
            assertEq(nft.seedRootOf(b), handler.ghostRoot(b), "a committed root never changes");
        }
        assertEq(nft.seedRootOf(batches), bytes32(0), "no root past the commits");
        assertLe(nft.totalSupply(), batches * nft.SEED_BATCH(), "every token id has a committed seed");
    }

    function invariant_PagesListEveryTokenOnce() public view {
        (EternoNft.Info[] memory all, uint256 total) = nft.getInfoByIndex(address(0), 0, 100);
        assertEq(total, nft.totalSupply(), "total");
        uint256 owned = 0;
        for (uint256 i = 0; i < 3; i++) {
            address buyer = vm.addr(0x3000 + i);
            (, uint256 mine) = nft.getInfoByIndex(buyer, 0, 0);
            owned += mine;
        }
        assertEq(owned, total, "every token has one of the buyers as owner");
        if (total <= 100) assertEq(all.length, total, "one page holds them all");
    }
}
