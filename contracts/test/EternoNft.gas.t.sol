// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoNftBase} from "./EternoNft.t.sol";
import {NftSeeds} from "./utils/NftSeeds.sol";

/// @notice The NFT's named gas snapshot (snapshots/eterno.json, run with the other GasSnapshotsTest
///         contracts): `nft_reveal`, a repeat buyer's reveal of a partner NFT with its committed seed and
///         8-hash Merkle proof. Budget (`npm run bench`): 200,000.
contract NftGasSnapshotsTest is EternoNftBase {
    string private constant GROUP = "eterno";

    function setUp() public {
        setUpNft();
        vm.startPrank(alice);
        nft.buy(0, 100e18);
        nft.buy(1, 1000e18);
        vm.stopPrank();
        vm.roll(block.number + 10);
        NftSeeds.reveal(nft, SECRET, 1);
    }

    function test_Gas_NftReveal() public {
        bytes32 seed = NftSeeds.seedOf(SECRET, 2);
        bytes32[8] memory proof = NftSeeds.proofOf(SECRET, 2);
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "nft_reveal");
        nft.reveal(2, seed, proof);
        vm.stopSnapshotGas();
        assertTrue(nft.infoOf(2).rarity != 0, "revealed");
    }
}
