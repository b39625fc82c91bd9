// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoNodes} from "../../src/EternoNodes.sol";
import {NodesFixture} from "../utils/NodesFixture.sol";

/// @notice Review 2026-11, finding M-5 (MEDIUM, griefing): "Nodes: one member keeps the master's stake
///         hostage" — any holder of one entry NFT (cheapest 100 ETRO) joined a node and kept the master's
///         10,000 ETRO stake and partner NFT escrowed for as long as it wanted (no kick, no close with
///         members). Now a master announces the close on chain (7-day notice); joins, votes and edits stop;
///         after the notice the master closes with the members still in and gets its stake and partner NFT
///         back; the griefer's NFT goes back to the griefer (it takes it, or anyone returns it in a bounded
///         batch). This proves the attack is refused: the master is free after the notice whatever the
///         griefer does, and the griefer loses nothing but the node.
contract M5NodesHostageTest is NodesFixture {
    function setUp() public {
        deployNodes();
    }

    function test_TheMasterGetsItsStakeBackAfterTheNotice_TheGriefersNftGoesBackToTheGriefer() public {
        (uint256 nodeId, uint256 partnerId) = createAs(alice, N);
        uint256 aliceEtro = etro.balanceOf(alice);
        // The griefer: one N entry NFT (100 ETRO, the cheapest) joins, uninvited, and never leaves.
        uint256 entryId = joinAs(carol, nodeId, N);
        // Without an announcement the master still cannot walk out on its members.
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeHasMembers.selector, nodeId, 1));
        nodes.quitNode(nodeId);
        // The master announces the close: due 7 days later, on chain.
        vm.prank(alice);
        nodes.announceClose(nodeId);
        uint256 due = nodes.nodeOf(nodeId).closeAt;
        assertEq(due, block.timestamp + 7 days, "7-day notice");
        // The griefer cannot renew its hold: no second NFT joins, and it cannot stop the clock.
        uint256 second = mintNft(dave, ENTRY, N);
        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeClosing.selector, nodeId, due));
        nodes.joinNode(nodeId, second);
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotMaster.selector, nodeId, carol));
        nodes.cancelClose(nodeId);
        vm.warp(due - 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.CloseNotDue.selector, nodeId, due, due - 1));
        nodes.quitNode(nodeId);
        // After the notice: closed with the griefer still in. Stake and partner NFT back to the master.
        vm.warp(due);
        vm.prank(alice);
        nodes.quitNode(nodeId);
        assertEq(etro.balanceOf(alice), aliceEtro + NEEDED, "the master's 10,000 ETRO stake is back");
        assertEq(nft.ownerOf(partnerId), alice, "the partner NFT is back");
        assertEq(nodes.nodeOf(nodeId).weight, 0, "the closed node has no power");
        // The griefer's NFT goes back to the griefer, pushed by anyone in a bounded batch.
        address[] memory batch = new address[](1);
        batch[0] = carol;
        vm.prank(alice);
        nodes.returnNfts(nodeId, batch);
        assertEq(nft.ownerOf(entryId), carol, "the griefer's NFT returns to the griefer");
        assertEq(nft.balanceOf(address(nodes)), 0, "the contract holds nothing for the node");
        assertEq(etro.balanceOf(address(nodes)), 0, "nor any ETRO");
        // Ten years of waiting are no longer needed: alice is free to create a node again at once.
        vm.prank(alice);
        assertEq(nodes.createNode(partnerId, "Again", "", 0), 2, "the master is free");
    }

    function test_TheGriefersOwnReclaimAlsoWorks_AndLeavingDuringTheNoticeStaysFree() public {
        (uint256 nodeId,) = createAs(alice, N);
        uint256 entryId = joinAs(carol, nodeId, N);
        uint256 otherId = joinAs(bob, nodeId, R);
        vm.prank(alice);
        nodes.announceClose(nodeId);
        // bob leaves during the notice, as members always may.
        vm.prank(bob);
        nodes.quitNode(nodeId);
        assertEq(nft.ownerOf(otherId), bob, "a member leaves during the notice");
        vm.warp(block.timestamp + 7 days);
        vm.prank(alice);
        nodes.quitNode(nodeId);
        // carol takes hers back herself, any time later.
        vm.warp(block.timestamp + 365 days);
        vm.prank(carol);
        nodes.quitNode(nodeId);
        assertEq(nft.ownerOf(entryId), carol, "the griefer's NFT back to the griefer");
    }
}
