// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoNft} from "../../src/EternoNft.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random buys (some above the buyer's maximum, some while paused), reveals (early, in the window,
///         expired), transfers, blocks passing, and the owner's price, odds, delay and pause changes;
///         records the ETRO burned, each token's odds and reveal block at purchase, and each revealed rarity.
contract EternoNftHandler is Test {
    EternoNft public immutable nft;
    IERC20 public immutable etro;
    address public immutable owner;
    address[] public buyers;

    uint256 public ghostBurned;
    uint256 public ghostRevealed;
    mapping(uint256 tokenId => uint64 odds) public ghostOdds;
    mapping(uint256 tokenId => uint64 revealBlock) public ghostRevealBlock;
    mapping(uint256 tokenId => uint8 rarity) public ghostRarity;
    uint256 public reveals;
    uint256 public expiredReveals;

    constructor(EternoNft nft_, address[] memory buyers_) {
        nft = nft_;
        etro = nft_.ETRO();
        owner = nft_.owner();
        buyers = buyers_;
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
        uint16[4] memory odds = nft.oddsOf(kind);
        vm.prank(buyer);
        uint256 id = nft.buy(kind, price);
        ghostBurned += price;
        ghostOdds[id] =
            uint64(odds[0]) | (uint64(odds[1]) << 16) | (uint64(odds[2]) << 32) | (uint64(odds[3]) << 48);
        ghostRevealBlock[id] = uint64(block.number) + nft.revealDelay();
    }

    function reveal(uint256 idSeed) external {
        uint256 supply = nft.totalSupply();
        if (supply == 0) return;
        uint256 id = bound(idSeed, 1, supply);
        uint256 at = ghostRevealBlock[id];
        if (ghostRarity[id] != 0) {
            vm.expectRevert(abi.encodeWithSelector(EternoNft.AlreadyRevealed.selector, id));
            nft.reveal(id);
            return;
        }
        if (block.number <= at) {
            vm.expectRevert(abi.encodeWithSelector(EternoNft.RevealTooEarly.selector, id, at, block.number));
            nft.reveal(id);
            return;
        }
        bool expired = block.number - at > 256;
        uint8 want = expired
            ? 1
            : uint8(nft.draw(uint256(keccak256(abi.encode(blockhash(at), id, address(nft)))), ghostOdds[id]));
        uint8 rarity = nft.reveal(id);
        require(rarity == want, "the rarity is the draw of the reveal block's hash with the purchase's odds");
        ghostRarity[id] = rarity;
        ghostRevealed++;
        reveals++;
        if (expired) expiredReveals++;
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
        vm.roll(block.number + bound(blocks, 1, 300));
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

    function setRevealDelay(uint256 delay) external {
        vm.prank(owner);
        nft.setRevealDelay(bound(delay, 1, 64));
    }

    function setSalePaused(bool paused) external {
        vm.prank(owner);
        nft.setSalePaused(paused);
    }
}
