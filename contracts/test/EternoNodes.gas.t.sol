// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {NodesFixture} from "./utils/NodesFixture.sol";

/// @notice The nodes' named gas snapshots (snapshots/eterno.json, run with the other GasSnapshotsTest
///         contracts), each one call from a state prepared in setUp, measured like the rows of
///         GasSnapshots.t.sol: `node_join`, an entry NFT joining a node that has a member already (the
///         nodes contract holds NFTs); `node_create`, a second node with a 10-byte name and a 60-byte
///         description; `node_vote`, a repeat voter adding to its votes. Budget (`npm run bench`):
///         node_join <= 150,000.
contract NodesGasSnapshotsTest is NodesFixture {
    string private constant GROUP = "eterno";
    uint256 private nodeId;
    uint256 private entry;
    uint256 private partner;

    function setUp() public {
        deployNodes();
        (nodeId,) = createAs(alice, SR);
        joinAs(carol, nodeId, N);
        vm.prank(dave);
        nodes.vote(nodeId, 100e18);
        entry = mintNft(bob, ENTRY, R);
        partner = mintNft(dave, PARTNER, R);
    }

    function test_Gas_NodeJoin() public {
        vm.prank(bob);
        vm.startSnapshotGas(GROUP, "node_join");
        nodes.joinNode(nodeId, entry);
        vm.stopSnapshotGas();
        assertEq(nodes.nodeOf(nodeId).members, 2, "joined");
    }

    function test_Gas_NodeCreate() public {
        vm.prank(dave);
        vm.startSnapshotGas(GROUP, "node_create");
        nodes.createNode(partner, "Dave's node", "A node for everyone who likes gas snapshots and good rewards", 1500);
        vm.stopSnapshotGas();
        assertEq(nodes.nodeCount(), 2, "created");
    }

    function test_Gas_NodeVote() public {
        vm.prank(dave);
        vm.startSnapshotGas(GROUP, "node_vote");
        nodes.vote(nodeId, 250e18);
        vm.stopSnapshotGas();
        assertEq(nodes.votesOf(nodeId, dave), 350e18, "voted");
    }
}
