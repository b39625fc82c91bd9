// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoNftBase} from "./EternoNft.t.sol";

/// @notice The NFT's named gas snapshot (snapshots/eterno.json, run with the other GasSnapshotsTest
///         contracts): `nft_reveal`, a repeat buyer's reveal of a partner NFT in the 256-block window.
contract NftGasSnapshotsTest is EternoNftBase {
    string private constant GROUP = "eterno";

    function setUp() public {
        setUpNft();
        vm.startPrank(alice);
        nft.buy(0, 100e18);
        nft.buy(1, 1000e18);
        vm.stopPrank();
        vm.roll(block.number + 10);
        nft.reveal(1);
    }

    function test_Gas_NftReveal() public {
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "nft_reveal");
        nft.reveal(2);
        vm.stopSnapshotGas();
    }
}
