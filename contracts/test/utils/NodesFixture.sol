// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoNft} from "../../src/EternoNft.sol";
import {EternoNodes} from "../../src/EternoNodes.sol";
import {EternoToken} from "../../src/EternoToken.sol";
import {NftSeeds} from "./NftSeeds.sol";
import {Test} from "./Test.sol";

/// @notice ETRO, the NFTs (owned by the fixture, so it can pin the odds of a purchase) and the nodes at
///         their defaults (owned by the fixture): needed ETRO 10,000, max share 30 %, weights 1/2/4/8.
///         alice, bob, carol and dave hold 1,000,000 ETRO each and approved the nodes (ETRO and NFTs);
///         {mintNft} gives anyone a revealed NFT of a chosen kind and rarity. The fixture is the NFT's seed
///         committer: 8 batches (ids 1-2048) committed at block 1000.
abstract contract NodesFixture is Test {
    uint256 internal constant NEEDED = 10_000e18;
    uint256 internal constant ENTRY = 0;
    uint256 internal constant PARTNER = 1;
    uint256 internal constant N = 1;
    uint256 internal constant R = 2;
    uint256 internal constant SR = 3;
    uint256 internal constant SSR = 4;

    EternoToken internal etro;
    EternoNft internal nft;
    EternoNodes internal nodes;
    address internal alice = address(0xA11CE);
    address internal bob = address(0xB0B);
    address internal carol = address(0xCA401);
    address internal dave = address(0xDA7E);
    bytes32 internal constant SEED_SECRET = keccak256("nodes fixture seeds");

    function deployNodes() internal {
        vm.roll(1000);
        etro = new EternoToken("ETERNO", "ETRO", 100_000_000e18, address(this));
        uint16[4] memory odds = [uint16(6000), 2800, 1000, 200];
        nft = new EternoNft(etro, 100e18, 1000e18, odds, odds, address(this));
        nft.commitSeeds(NftSeeds.rootsOf(SEED_SECRET, 0, 8));
        nodes = new EternoNodes(etro, nft, address(this));
        etro.approve(address(nft), type(uint256).max);
        fund(alice);
        fund(bob);
        fund(carol);
        fund(dave);
        vm.roll(1001);
    }

    /// @notice Gives `who` 1,000,000 ETRO and approves the nodes for its ETRO and NFTs.
    function fund(address who) internal {
        require(etro.transfer(who, 1_000_000e18), "give etro");
        vm.startPrank(who);
        etro.approve(address(nodes), type(uint256).max);
        nft.setApprovalForAll(address(nodes), true);
        vm.stopPrank();
    }

    /// @notice Buys (as the fixture) an NFT of `kind` certain to reveal as `rarity`, reveals it and gives
    ///         it to `to`.
    function mintNft(address to, uint256 kind, uint256 rarity) internal returns (uint256 tokenId) {
        tokenId = mintUnrevealed(address(this), kind, rarity);
        NftSeeds.reveal(nft, SEED_SECRET, tokenId);
        if (to != address(this)) nft.transferFrom(address(this), to, tokenId);
    }

    /// @notice The fixture buys the NFTs it hands out (EternoNft mints with `_safeMint`).
    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC721Received.selector;
    }

    /// @notice Buys an unrevealed NFT of `kind` (certain to reveal as `rarity`) for `to`.
    function mintUnrevealed(address to, uint256 kind, uint256 rarity) internal returns (uint256 tokenId) {
        uint16[4] memory odds;
        odds[rarity - 1] = 10_000;
        nft.setOdds(kind, odds);
        tokenId = nft.buy(kind, type(uint256).max);
        if (to != address(this)) nft.transferFrom(address(this), to, tokenId);
    }

    /// @notice `master` creates a node with a fresh partner NFT of `rarity`.
    function createAs(address master, uint256 rarity) internal returns (uint256 nodeId, uint256 tokenId) {
        tokenId = mintNft(master, PARTNER, rarity);
        vm.prank(master);
        nodeId = nodes.createNode(tokenId, "Node", "A node", 1000);
    }

    /// @notice `member` joins `nodeId` with a fresh entry NFT of `rarity`.
    function joinAs(address member, uint256 nodeId, uint256 rarity) internal returns (uint256 tokenId) {
        tokenId = mintNft(member, ENTRY, rarity);
        vm.prank(member);
        nodes.joinNode(nodeId, tokenId);
    }
}
