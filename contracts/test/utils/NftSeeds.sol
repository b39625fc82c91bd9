// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoNft} from "../../src/EternoNft.sol";

/// @notice The seed operator of the tests: seeds derived from a secret (seed = keccak256(secret, tokenId)),
///         the batch trees EternoNft checks (leaf keccak256(abi.encode(tokenId, seed)), inner nodes
///         keccak256(abi.encode(left, right))), roots to commit and proofs to reveal with. The server does the
///         same in TypeScript (packages/protocol/src/nft/seedTree.ts).
library NftSeeds {
    uint256 internal constant BATCH = 256;
    uint256 internal constant DEPTH = 8;

    /// @notice The seed of `tokenId` under `secret`.
    function seedOf(bytes32 secret, uint256 tokenId) internal pure returns (bytes32) {
        return keccak256(abi.encode(secret, tokenId));
    }

    /// @notice Every level of batch `batch`'s tree, leaves first (level i has BATCH >> i nodes).
    function levels(bytes32 secret, uint256 batch) internal pure returns (bytes32[][] memory tree) {
        tree = new bytes32[][](DEPTH + 1);
        tree[0] = new bytes32[](BATCH);
        for (uint256 i = 0; i < BATCH; ++i) {
            uint256 tokenId = batch * BATCH + i + 1;
            tree[0][i] = keccak256(abi.encode(tokenId, seedOf(secret, tokenId)));
        }
        for (uint256 level = 1; level <= DEPTH; ++level) {
            uint256 size = BATCH >> level;
            tree[level] = new bytes32[](size);
            for (uint256 i = 0; i < size; ++i) {
                tree[level][i] = keccak256(abi.encode(tree[level - 1][2 * i], tree[level - 1][2 * i + 1]));
            }
        }
    }

    /// @notice Batch `batch`'s root under `secret`.
    function rootOf(bytes32 secret, uint256 batch) internal pure returns (bytes32) {
        return levels(secret, batch)[DEPTH][0];
    }

    /// @notice The proof of `tokenId`'s leaf under `secret`.
    function proofOf(bytes32 secret, uint256 tokenId) internal pure returns (bytes32[8] memory proof) {
        bytes32[][] memory tree = levels(secret, (tokenId - 1) / BATCH);
        uint256 index = (tokenId - 1) % BATCH;
        for (uint256 level = 0; level < DEPTH; ++level) {
            proof[level] = tree[level][index ^ 1];
            index >>= 1;
        }
    }

    /// @notice The roots of batches `first` … `first + count − 1`, to commit.
    function rootsOf(bytes32 secret, uint256 first, uint256 count) internal pure returns (bytes32[] memory roots) {
        roots = new bytes32[](count);
        for (uint256 i = 0; i < count; ++i) {
            roots[i] = rootOf(secret, first + i);
        }
    }

    /// @notice Reveals `tokenId` on `nft` with its seed and proof under `secret`.
    function reveal(EternoNft nft, bytes32 secret, uint256 tokenId) internal returns (uint8) {
        return nft.reveal(tokenId, seedOf(secret, tokenId), proofOf(secret, tokenId));
    }
}
