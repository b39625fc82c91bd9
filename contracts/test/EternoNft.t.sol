// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {EternoNft} from "../src/EternoNft.sol";
import {EternoToken} from "../src/EternoToken.sol";
import {NftSeeds} from "./utils/NftSeeds.sol";
import {Test} from "./utils/Test.sol";

/// @notice Foundry's `setBlockhash` and `prevrandao` cheatcodes (not in the shared Vm subset).
interface BlockhashCheat {
    /// @notice Sets the hash `blockhash(blockNumber)` returns.
    function setBlockhash(uint256 blockNumber, bytes32 blockHash) external;
    /// @notice Sets `block.prevrandao`.
    function prevrandao(bytes32 newPrevrandao) external;
}

/// @notice Shared set-up: ETRO, the NFT at the deploy defaults (entry 100 ETRO, partner 1,000 ETRO), the
///         owner as seed committer with batches 0 and 1 (ids 1–512) committed at block 1000, the chain at
///         block 1001 (ids usable).
abstract contract EternoNftBase is Test {
    BlockhashCheat internal constant cheat = BlockhashCheat(address(uint160(uint256(keccak256("hevm cheat code")))));
    bytes32 internal constant SECRET = keccak256("the operator's seed secret");
    EternoToken internal etro;
    EternoNft internal nft;
    address internal owner = address(0x0A);
    address internal alice = address(0xA11CE);
    address internal bob = address(0xB0B);
    uint16[4] internal entryOdds = [uint16(6000), 2800, 1000, 200];
    uint16[4] internal partnerOdds = [uint16(4000), 3500, 2000, 500];

    function setUpNft() internal {
        vm.roll(1000);
        etro = new EternoToken("ETERNO", "ETRO", 100_000_000e18, address(this));
        nft = new EternoNft(etro, 100e18, 1000e18, entryOdds, partnerOdds, owner);
        vm.prank(owner);
        nft.commitSeeds(NftSeeds.rootsOf(SECRET, 0, 2));
        vm.roll(1001);
        for (uint256 i = 0; i < 2; i++) {
            address user = i == 0 ? alice : bob;
            etro.transfer(user, 1_000_000e18);
            vm.prank(user);
            etro.approve(address(nft), type(uint256).max);
        }
    }

    /// @notice The rarity token `tokenId` draws with `seed`, the entropy its purchase recorded and `odds`.
    function expected(uint256 tokenId, bytes32 seed, uint16[4] memory odds) internal view returns (uint8) {
        uint256 mix = uint256(keccak256(abi.encode(seed, nft.entropyOf(tokenId), tokenId, address(nft))));
        return uint8(nft.draw(mix, pack(odds)));
    }

    /// @notice The entropy a purchase in this block records.
    function blockEntropy() internal view returns (uint256) {
        return uint176(uint256(keccak256(abi.encode(blockhash(block.number - 1), block.prevrandao))));
    }

    function pack(uint16[4] memory odds) internal pure returns (uint64) {
        return uint64(odds[0]) | (uint64(odds[1]) << 16) | (uint64(odds[2]) << 32) | (uint64(odds[3]) << 48);
    }
}

contract EternoNftTest is EternoNftBase {
    function setUp() public {
        setUpNft();
    }

    function test_Constructor_SetsParameters() public view {
        assertEq(address(nft.ETRO()), address(etro), "etro");
        assertEq(nft.priceOf(EternoNft.Kind.Entry), 100e18, "entry price");
        assertEq(nft.priceOf(EternoNft.Kind.Partner), 1000e18, "partner price");
        assertEq(nft.oddsOf(0)[3], 200, "entry SSR odds");
        assertEq(nft.oddsOf(1)[0], 4000, "partner N odds");
        assertEq(nft.owner(), owner, "owner");
        assertEq(nft.seedCommitter(), owner, "the owner commits seeds until it names a committer");
        (uint256 batches, uint256 lastCommit) = nft.seedCommitments();
        assertEq(batches, 2, "two batches committed");
        assertEq(lastCommit, 1000, "at block 1000");
        assertEq(nft.usableSeedsThrough(), 512, "ids 1-512 usable");
        assertEq(nft.seedRootOf(1), NftSeeds.rootOf(SECRET, 1), "root of batch 1");
        assertTrue(nft.supportsInterface(0x780e9d63), "ERC721Enumerable");
    }

    function test_Constructor_RefusesBadParameters() public {
        vm.expectRevert(EternoNft.ZeroAddress.selector);
        new EternoNft(EternoToken(address(0)), 1, 1, entryOdds, partnerOdds, owner);
        vm.expectRevert(EternoNft.ZeroPrice.selector);
        new EternoNft(etro, 0, 1, entryOdds, partnerOdds, owner);
        uint16[4] memory bad = [uint16(5000), 2000, 1000, 1000];
        vm.expectRevert(abi.encodeWithSelector(EternoNft.OddsNotWhole.selector, 9000));
        new EternoNft(etro, 1, 1, entryOdds, bad, owner);
    }

    function test_Buy_BurnsThePriceAndMintsUnrevealed() public {
        uint256 before = etro.balanceOf(alice);
        cheat.prevrandao(keccak256("randao"));
        vm.expectEmit(address(nft));
        emit EternoNft.Bought(alice, 1, 1, 1000e18, blockEntropy());
        vm.prank(alice);
        uint256 id = nft.buy(1, 1000e18);
        assertEq(id, 1, "first id");
        assertEq(nft.ownerOf(1), alice, "owner");
        assertEq(before - etro.balanceOf(alice), 1000e18, "paid");
        assertEq(etro.balanceOf(nft.BURN_ADDRESS()), 1000e18, "burned");
        assertEq(etro.balanceOf(address(nft)), 0, "holds nothing");
        assertEq(nft.totalBurned(), 1000e18, "totalBurned");
        EternoNft.Info memory info = nft.infoOf(1);
        assertEq(info.kind, 1, "partner");
        assertEq(info.rarity, 0, "unrevealed");
        assertEq(nft.entropyOf(1), blockEntropy(), "entropy of the purchase block");
        assertEq(nft.tokenOdds(1)[2], 2000, "odds kept");
    }

    function test_Buy_RefusesAPriceAboveTheMaximumAnUnknownKindAndAPausedSale() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.PriceAboveMax.selector, 100e18, 99e18));
        nft.buy(0, 99e18);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.UnknownKind.selector, 2));
        nft.buy(2, 1e30);
        vm.prank(owner);
        nft.setSalePaused(true);
        vm.prank(alice);
        vm.expectRevert(EternoNft.SalePaused.selector);
        nft.buy(0, 100e18);
    }

    function test_Buy_NeedsTheEtro() public {
        address poor = address(0xD00D);
        etro.transfer(poor, 99e18);
        vm.startPrank(poor);
        etro.approve(address(nft), type(uint256).max);
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, poor, 99e18, 100e18));
        nft.buy(0, 100e18);
        vm.stopPrank();
    }

    function test_Reveal_DrawsFromTheCommittedSeedAndThePurchaseEntropy() public {
        vm.prank(alice);
        nft.buy(0, 100e18);
        bytes32 seed = NftSeeds.seedOf(SECRET, 1);
        uint8 want = expected(1, seed, entryOdds);
        vm.expectEmit(address(nft));
        emit EternoNft.Revealed(1, want, seed);
        vm.prank(bob); // anyone holding the seed may reveal: the result does not depend on the caller
        uint8 rarity = nft.reveal(1, seed, NftSeeds.proofOf(SECRET, 1));
        assertEq(rarity, want, "drawn");
        assertEq(nft.infoOf(1).rarity, want, "stored");
        assertEq(nft.totalRevealed(), 1, "count");
        vm.expectRevert(abi.encodeWithSelector(EternoNft.AlreadyRevealed.selector, 1));
        NftSeeds.reveal(nft, SECRET, 1);
    }

    function test_Reveal_RefusesAWrongSeedOrProof() public {
        vm.startPrank(alice);
        nft.buy(0, 100e18);
        nft.buy(0, 100e18);
        vm.stopPrank();
        bytes32[8] memory proof = NftSeeds.proofOf(SECRET, 1);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, 1));
        nft.reveal(1, keccak256("a seed chosen for SSR"), proof);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, 1));
        nft.reveal(1, NftSeeds.seedOf(SECRET, 2), NftSeeds.proofOf(SECRET, 2)); // token 2's seed
        proof[3] = bytes32(uint256(proof[3]) ^ 1);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, 1));
        nft.reveal(1, NftSeeds.seedOf(SECRET, 1), proof);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeed.selector, 1));
        NftSeeds.reveal(nft, keccak256("another operator's secret"), 1);
        assertEq(NftSeeds.reveal(nft, SECRET, 1), expected(1, NftSeeds.seedOf(SECRET, 1), entryOdds), "right seed");
    }

    function test_Reveal_IsTheSameDrawWhenever() public {
        vm.prank(alice);
        nft.buy(1, 1000e18);
        uint8 want = expected(1, NftSeeds.seedOf(SECRET, 1), partnerOdds);
        vm.roll(block.number + 100_000);
        cheat.setBlockhash(1001, keccak256("any later hash"));
        assertEq(NftSeeds.reveal(nft, SECRET, 1), want, "no expiry: 100,000 blocks later the same draw");
    }

    function test_Reveal_KeepsTheOddsOfThePurchase() public {
        // A purchase entropy under which token 1's seed draws N with the entry odds (roll < 6000).
        bytes32 randao;
        for (uint256 i = 0;; i++) {
            randao = keccak256(abi.encode("n", i));
            cheat.prevrandao(randao);
            uint256 mix = uint256(keccak256(abi.encode(NftSeeds.seedOf(SECRET, 1), blockEntropy(), 1, address(nft))));
            if (mix % 10_000 < 6000) break;
        }
        vm.prank(alice);
        nft.buy(0, 100e18);
        vm.prank(owner);
        nft.setOdds(0, [uint16(0), 0, 0, 10_000]);
        assertEq(nft.tokenOdds(1)[3], 200, "token keeps its odds");
        assertEq(NftSeeds.reveal(nft, SECRET, 1), 1, "N with the purchase's odds, not the new all-SSR odds");
        vm.prank(alice);
        nft.buy(0, 100e18);
        assertEq(NftSeeds.reveal(nft, SECRET, 2), 4, "a new purchase gets the new odds");
    }

    function test_Reveal_RefusesAMissingToken() public {
        bytes32[8] memory proof;
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 7));
        nft.reveal(7, bytes32(0), proof);
    }

    function test_CommitSeeds_OnlyTheCommitterAppendsNeverRewrites() public {
        bytes32[] memory roots = NftSeeds.rootsOf(SECRET, 2, 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.NotSeedCommitter.selector, alice));
        nft.commitSeeds(roots);
        vm.prank(owner);
        nft.setSeedCommitter(bob);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.NotSeedCommitter.selector, owner));
        nft.commitSeeds(roots);
        bytes32 root1 = nft.seedRootOf(1);
        vm.expectEmit(address(nft));
        emit EternoNft.SeedsCommitted(2, roots[0]);
        vm.prank(bob);
        nft.commitSeeds(roots);
        assertEq(nft.seedRootOf(1), root1, "a committed root stays");
        assertEq(nft.seedRootOf(2), roots[0], "appended as batch 2");
        vm.startPrank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeedRootCount.selector, 0, 64));
        nft.commitSeeds(new bytes32[](0));
        vm.expectRevert(abi.encodeWithSelector(EternoNft.BadSeedRootCount.selector, 65, 64));
        nft.commitSeeds(new bytes32[](65));
        vm.expectRevert(abi.encodeWithSelector(EternoNft.ZeroSeedRoot.selector, 3));
        nft.commitSeeds(new bytes32[](1));
        vm.stopPrank();
        vm.prank(owner);
        vm.expectRevert(EternoNft.ZeroAddress.selector);
        nft.setSeedCommitter(address(0));
    }

    function test_Buy_NeedsASeedCommittedInAnEarlierBlock() public {
        // Fill batches 0 and 1 (ids 1-512): the 513th purchase has no seed.
        vm.prank(owner);
        nft.setPrice(0, 1);
        vm.startPrank(alice);
        for (uint256 i = 0; i < 512; i++) {
            nft.buy(0, 1);
        }
        vm.expectRevert(abi.encodeWithSelector(EternoNft.SeedsNotCommitted.selector, 513, 512));
        nft.buy(0, 1);
        vm.stopPrank();
        // Committed in this block: the committer knows this block's entropy, so not usable before the next.
        vm.prank(owner);
        nft.commitSeeds(NftSeeds.rootsOf(SECRET, 2, 1));
        assertEq(nft.usableSeedsThrough(), 512, "not in the commit's block");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.SeedsNotCommitted.selector, 513, 512));
        nft.buy(0, 1);
        vm.roll(block.number + 1);
        assertEq(nft.usableSeedsThrough(), 768, "from the next block on");
        vm.prank(alice);
        assertEq(nft.buy(0, 1), 513, "bought");
        // A second commit in one block keeps the earlier batches usable in it.
        vm.prank(owner);
        nft.commitSeeds(NftSeeds.rootsOf(SECRET, 3, 1));
        vm.prank(owner);
        nft.commitSeeds(NftSeeds.rootsOf(SECRET, 4, 1));
        assertEq(nft.usableSeedsThrough(), 768, "batches of earlier blocks stay usable");
        vm.prank(alice);
        assertEq(nft.buy(0, 1), 514, "bought in the commit's block from an earlier batch");
    }

    function test_GetInfoByIndex_PagesAnOwnersTokensAndAll() public {
        vm.startPrank(alice);
        nft.buy(0, 100e18); // 1
        nft.buy(1, 1000e18); // 2
        vm.stopPrank();
        vm.prank(bob);
        nft.buy(0, 100e18); // 3
        vm.prank(alice);
        nft.buy(0, 100e18); // 4

        (EternoNft.Info[] memory page, uint256 total) = nft.getInfoByIndex(alice, 0, 2);
        assertEq(total, 3, "alice has 3");
        assertEq(page.length, 2, "page of 2");
        assertEq(page[0].tokenId, 1, "first");
        assertEq(page[1].tokenId, 2, "second");
        assertEq(page[1].kind, 1, "partner");
        assertEq(page[1].owner, alice, "owner");
        (page, total) = nft.getInfoByIndex(alice, 2, 2);
        assertEq(page.length, 1, "last page");
        assertEq(page[0].tokenId, 4, "fourth");
        (page,) = nft.getInfoByIndex(alice, 3, 2);
        assertEq(page.length, 0, "past the end");
        (page, total) = nft.getInfoByIndex(address(0), 1, 100);
        assertEq(total, 4, "all");
        assertEq(page.length, 3, "from index 1");
        assertEq(page[1].owner, bob, "bob's");
        vm.expectRevert(abi.encodeWithSelector(EternoNft.PageTooLarge.selector, 101, 100));
        nft.getInfoByIndex(alice, 0, 101);
    }

    function test_Transfer_MovesTheTokenAndItsPage() public {
        vm.prank(alice);
        nft.buy(0, 100e18);
        vm.prank(alice);
        nft.transferFrom(alice, bob, 1);
        (EternoNft.Info[] memory page, uint256 total) = nft.getInfoByIndex(bob, 0, 10);
        assertEq(total, 1, "bob has it");
        assertEq(page[0].owner, bob, "owner");
        assertEq(nft.balanceOf(alice), 0, "alice has none");
    }

    function test_Owner_SetsParameters_OthersCannot() public {
        vm.startPrank(owner);
        nft.setPrice(0, 5e18);
        nft.setOdds(1, [uint16(2500), 2500, 2500, 2500]);
        vm.expectRevert(EternoNft.ZeroPrice.selector);
        nft.setPrice(1, 0);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.OddsNotWhole.selector, 10_001));
        nft.setOdds(0, [uint16(2501), 2500, 2500, 2500]);
        vm.expectRevert(abi.encodeWithSelector(EternoNft.UnknownKind.selector, 5));
        nft.setPrice(5, 1);
        vm.stopPrank();
        assertEq(nft.priceOf(EternoNft.Kind.Entry), 5e18, "price");
        assertEq(nft.oddsOf(1)[1], 2500, "odds");

        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        nft.setPrice(0, 1);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        nft.setOdds(0, entryOdds);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        nft.setSeedCommitter(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        nft.setSalePaused(true);
        vm.stopPrank();
    }

    function testFuzz_Draw_FollowsTheCumulativeOdds(uint256 seed, uint16 a, uint16 b, uint16 c) public view {
        uint256 n = bound(a, 0, 10_000);
        uint256 r = bound(b, 0, 10_000 - n);
        uint256 sr = bound(c, 0, 10_000 - n - r);
        uint16[4] memory odds = [uint16(n), uint16(r), uint16(sr), uint16(10_000 - n - r - sr)];
        uint256 roll = seed % 10_000;
        uint8 want = roll < n ? 1 : roll < n + r ? 2 : roll < n + r + sr ? 3 : 4;
        assertEq(uint8(nft.draw(seed, pack(odds))), want, "rarity");
    }

    function testFuzz_Buy_BurnsExactlyThePrice(uint96 price, uint8 count) public {
        price = uint96(bound(price, 1, 1_000e18));
        count = uint8(bound(count, 1, 20));
        vm.prank(owner);
        nft.setPrice(1, price);
        for (uint256 i = 0; i < count; i++) {
            vm.prank(bob);
            nft.buy(1, price);
        }
        assertEq(etro.balanceOf(nft.BURN_ADDRESS()), uint256(price) * count, "burned");
        assertEq(nft.totalBurned(), uint256(price) * count, "totalBurned");
        assertEq(nft.balanceOf(bob), count, "minted");
        assertEq(etro.balanceOf(address(nft)), 0, "holds nothing");
    }

    function testFuzz_Reveal_DrawsTheSeedAndEntropyWithinRange(
        bytes32 parent,
        bytes32 randao,
        uint256 kind,
        uint256 wait
    ) public {
        kind = bound(kind, 0, 1);
        cheat.setBlockhash(1000, parent);
        cheat.prevrandao(randao);
        vm.prank(alice);
        nft.buy(kind, type(uint256).max);
        uint8 want = expected(1, NftSeeds.seedOf(SECRET, 1), kind == 0 ? entryOdds : partnerOdds);
        vm.roll(block.number + bound(wait, 0, 1_000_000));
        uint8 rarity = NftSeeds.reveal(nft, SECRET, 1);
        assertEq(rarity, want, "the seed's draw, whenever revealed");
        assertGe(rarity, 1, "revealed");
        assertLe(rarity, 4, "in range");
    }
}
