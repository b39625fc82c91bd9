// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoNodes} from "../../src/EternoNodes.sol";
import {NodesFixture} from "../utils/NodesFixture.sol";

// Session 9, second review (R2) of the close-with-notice of EternoNodes (issue 18 / security review M-5): what a
// member, a master or the owner would try around a close. Run with --isolate.
//   - an NFT goes back once, to the account that escrowed it: a repeated return, a return after the member took it
//     back and escrowed it in another node, a reclaim after a return all move nothing twice;
//   - the master re-creating a node (with the same partner NFT) while the old node's members still wait touches
//     neither the old members' NFTs nor the new node's figures;
//   - the owner changing the notice after an announcement does not move the close's date either way;
//   - nothing but taking votes (and NFTs) back happens during the notice or after the close;
//   - the escrow holds exactly the open nodes' stakes, the votes and the NFTs of live memberships throughout.
contract R2NodesAttacksTest is NodesFixture {
    address private erin = address(0xE417);

    function setUp() public {
        deployNodes();
        fund(erin);
    }

    function _assertEscrow(uint256[] memory openNodes, uint256[] memory votedNodes, address[] memory voters)
        private
        view
    {
        uint256 expected;
        for (uint256 i = 0; i < openNodes.length; ++i) {
            expected += nodes.nodeOf(openNodes[i]).staked;
        }
        for (uint256 i = 0; i < votedNodes.length; ++i) {
            for (uint256 j = 0; j < voters.length; ++j) {
                expected += nodes.votesOf(votedNodes[i], voters[j]);
            }
        }
        assertEq(etro.balanceOf(address(nodes)), expected, "escrowed ETRO == open stakes + votes");
    }

    function _closeWithMembers(uint256 nodeId, address master) private {
        vm.prank(master);
        nodes.announceClose(nodeId);
        vm.warp(nodes.nodeOf(nodeId).closeAt);
        vm.prank(master);
        nodes.quitNode(nodeId);
    }

    /// @notice Returned twice, returned after the member re-escrowed its NFT elsewhere, reclaimed after a return:
    ///         each NFT moves once, to its owner, and a re-escrowed NFT stays in its new node.
    function test_AnNftGoesBackOnceToItsOwnerWhateverTheOrder() public {
        (uint256 first,) = createAs(alice, N);
        uint256 carolNft = joinAs(carol, first, R);
        uint256 daveNft = joinAs(dave, first, SR);
        _closeWithMembers(first, alice);

        address[] memory twice = new address[](3);
        (twice[0], twice[1], twice[2]) = (carol, carol, alice);
        nodes.returnNfts(first, twice);
        assertEq(nft.ownerOf(carolNft), carol, "carol's NFT back to carol");
        assertEq(nodes.nodeOf(first).members, 1, "one return counted once (dave still waits)");

        // Carol escrows the same NFT in bob's node; a later return batch on the closed node skips her.
        (uint256 second,) = createAs(bob, SSR);
        vm.prank(carol);
        nodes.joinNode(second, carolNft);
        address[] memory again = new address[](2);
        (again[0], again[1]) = (carol, dave);
        nodes.returnNfts(first, again);
        assertEq(nft.ownerOf(carolNft), address(nodes), "carol's NFT stays in the node she joined");
        (uint256 carolNode, uint256 carolToken) = nodes.membershipOf(carol);
        assertEq(carolNode, second, "carol is a member of the second node");
        assertEq(carolToken, carolNft, "with that NFT");
        assertEq(nodes.nodeOf(second).members, 1, "the second node's member count untouched");
        assertEq(nft.ownerOf(daveNft), dave, "dave's NFT back to dave");
        assertEq(nodes.nodeOf(first).members, 0, "nobody left in the closed node");

        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotInNode.selector, first, dave));
        nodes.quitNode(first);
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotInNode.selector, first, carol));
        nodes.quitNode(first);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotInNode.selector, first, alice));
        nodes.quitNode(first);
        nodes.returnNfts(first, again); // nothing left to move: a no-op, not a failure
        assertEq(nft.ownerOf(carolNft), address(nodes), "still in the second node");
        assertEq(nft.ownerOf(daveNft), dave, "still dave's");
    }

    /// @notice The master closes with a member waiting, then creates a new node with the same partner NFT: the old
    ///         member's NFT stays its own to reclaim, it cannot join the new node before, and the new node's figures
    ///         count only the new node.
    function test_TheMasterRecreatingANodeLeavesTheWaitingMembersAlone() public {
        (uint256 first, uint256 partner) = createAs(alice, SR);
        uint256 carolNft = joinAs(carol, first, SSR);
        _closeWithMembers(first, alice);
        assertEq(nft.ownerOf(partner), alice, "the partner NFT is back");
        vm.prank(alice);
        uint256 second = nodes.createNode(partner, "Again", "The same partner NFT", 500);
        EternoNodes.Node memory again = nodes.nodeOf(second);
        assertEq(again.members, 0, "no member carried over");
        assertEq(again.weight, nodes.nodeOf(first).weight + 4, "weight: the partner NFT only (SR = 4)");
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.AlreadyInNode.selector, carol, first));
        nodes.joinNode(second, carolNft);
        // The master cannot reach the old node's member through the new node, nor close the old node twice.
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotInNode.selector, first, alice));
        nodes.quitNode(first);
        vm.prank(carol);
        nodes.quitNode(first);
        assertEq(nft.ownerOf(carolNft), carol, "carol reclaims her NFT");
        vm.prank(carol);
        nodes.joinNode(second, carolNft);
        assertEq(nodes.nodeOf(second).members, 1, "and may then join the new node");
        assertEq(nodes.nodeOf(first).members, 0, "the old node counts nobody");
        assertEq(nodes.nodeOf(first).weight, 0, "and has no weight");
    }

    /// @notice The owner changes the notice after an announcement, to the shortest and to the longest: the date
    ///         stays; a close before it is refused; a new announcement after a cancel takes the notice then in force.
    function test_NoticeChangesDoNotMoveAnAnnouncedClose() public {
        (uint256 nodeId,) = createAs(alice, N);
        joinAs(carol, nodeId, N);
        vm.prank(alice);
        nodes.announceClose(nodeId);
        uint256 due = nodes.nodeOf(nodeId).closeAt;
        nodes.setCloseNotice(1 days);
        assertEq(nodes.nodeOf(nodeId).closeAt, due, "a shorter notice does not bring the close forward");
        vm.warp(block.timestamp + 1 days);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.CloseNotDue.selector, nodeId, due, block.timestamp));
        nodes.quitNode(nodeId);
        nodes.setCloseNotice(30 days);
        assertEq(nodes.nodeOf(nodeId).closeAt, due, "a longer notice does not push it back");
        vm.prank(alice);
        nodes.cancelClose(nodeId);
        vm.prank(alice);
        nodes.announceClose(nodeId);
        assertEq(nodes.nodeOf(nodeId).closeAt, block.timestamp + 30 days, "a new announcement: the notice in force");
        vm.warp(block.timestamp + 30 days);
        vm.prank(alice);
        nodes.quitNode(nodeId);
        assertEq(nodes.nodeOf(nodeId).open, false, "closed on its date");
    }

    /// @notice During the notice and after the close nothing but taking back happens; through it all the escrow holds
    ///         exactly the open nodes' stakes and the votes.
    function test_DuringTheNoticeAndAfterTheCloseOnlyTakingBack() public {
        (uint256 nodeId,) = createAs(alice, N);
        (uint256 other,) = createAs(bob, N);
        uint256 carolNft = joinAs(carol, nodeId, N);
        vm.prank(dave);
        nodes.vote(nodeId, 300e18);
        vm.prank(erin);
        nodes.vote(nodeId, 200e18);
        address[] memory voters = new address[](2);
        (voters[0], voters[1]) = (dave, erin);
        uint256[] memory both = new uint256[](2);
        (both[0], both[1]) = (nodeId, other);
        _assertEscrow(both, both, voters);

        vm.prank(alice);
        nodes.announceClose(nodeId);
        uint256 due = nodes.nodeOf(nodeId).closeAt;
        uint256 erinNft = mintNft(erin, ENTRY, N);
        vm.prank(erin);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeClosing.selector, nodeId, due));
        nodes.joinNode(nodeId, erinNft);
        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeClosing.selector, nodeId, due));
        nodes.vote(nodeId, 1e18);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeClosing.selector, nodeId, due));
        nodes.editNode(nodeId, "New", "", 3000);
        vm.prank(dave);
        nodes.unvote(nodeId, 100e18);
        _assertEscrow(both, both, voters);

        vm.warp(due);
        vm.prank(alice);
        nodes.quitNode(nodeId);
        uint256[] memory open = new uint256[](1);
        open[0] = other;
        _assertEscrow(open, both, voters);
        vm.prank(erin);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeNotOpen.selector, nodeId));
        nodes.joinNode(nodeId, erinNft);
        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeNotOpen.selector, nodeId));
        nodes.vote(nodeId, 1e18);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeNotOpen.selector, nodeId));
        nodes.announceClose(nodeId);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeNotOpen.selector, nodeId));
        nodes.cancelClose(nodeId);
        vm.prank(dave);
        nodes.unvote(nodeId, 200e18);
        vm.prank(erin);
        nodes.unvote(nodeId, 200e18);
        vm.prank(carol);
        nodes.quitNode(nodeId);
        assertEq(nft.ownerOf(carolNft), carol, "the member's NFT back");
        _assertEscrow(open, both, voters);
        assertEq(nodes.nodeOf(nodeId).votes, 0, "every vote taken back");
    }
}
