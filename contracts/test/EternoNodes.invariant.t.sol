// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IEternoNodes} from "../src/interfaces/IEternoNodes.sol";
import {EternoNodesHandler} from "./handlers/EternoNodesHandler.sol";
import {InvariantTest} from "./utils/InvariantTest.sol";
import {NodesFixture} from "./utils/NodesFixture.sol";

/// @notice Invariants of the nodes under random creates, joins, edits, quits, close announcements,
///         cancellations and closes with members, returns of a closed node's NFTs, votes, unvotes, NFT
///         transfers, time, and the owner's actions (parameters, close notice, attempts on the escrow): the
///         ETRO held is exactly the open nodes' stakes plus all votes; the NFTs held are exactly the open
///         nodes' partner NFTs plus every node's members' entry NFTs; an open node's weight is the sum of its
///         NFTs' weights as they entered; membership agrees both ways; no node with members closes before
///         its announced time; the owner never moves the escrow.
contract EternoNodesInvariantTest is NodesFixture, InvariantTest {
    EternoNodesHandler private handler;
    address[] private people;

    function setUp() public {
        deployNodes();
        people.push(alice);
        people.push(bob);
        people.push(carol);
        people.push(dave);
        people.push(address(0xE7E));
        fund(people[4]);
        for (uint256 i = 0; i < people.length; i++) {
            require(etro.transfer(people[i], 4_000_000e18), "more etro");
            // Two partner and three entry NFTs of varied rarity, and an unrevealed one of each kind.
            mintNft(people[i], PARTNER, (i % 4) + 1);
            mintNft(people[i], PARTNER, ((i + 2) % 4) + 1);
            mintNft(people[i], ENTRY, ((i + 1) % 4) + 1);
            mintNft(people[i], ENTRY, ((i + 3) % 4) + 1);
            mintNft(people[i], ENTRY, (i % 4) + 1);
            mintUnrevealed(people[i], PARTNER, N);
            mintUnrevealed(people[i], ENTRY, N);
        }
        handler = new EternoNodesHandler(nodes, people);
        nodes.transferOwnership(address(handler));
        vm.prank(address(handler));
        nodes.acceptOwnership();

        bytes4[] memory selectors = new bytes4[](15);
        selectors[0] = EternoNodesHandler.create.selector;
        selectors[1] = EternoNodesHandler.join.selector;
        selectors[2] = EternoNodesHandler.edit.selector;
        selectors[3] = EternoNodesHandler.quit.selector;
        selectors[4] = EternoNodesHandler.vote.selector;
        selectors[5] = EternoNodesHandler.unvote.selector;
        selectors[6] = EternoNodesHandler.giveNft.selector;
        selectors[7] = EternoNodesHandler.setParameters.selector;
        selectors[8] = EternoNodesHandler.ownerTakesEscrow.selector;
        selectors[9] = EternoNodesHandler.announceClose.selector;
        selectors[10] = EternoNodesHandler.cancelClose.selector;
        selectors[11] = EternoNodesHandler.returnNfts.selector;
        selectors[12] = EternoNodesHandler.wait.selector;
        selectors[13] = EternoNodesHandler.setCloseNotice.selector;
        selectors[14] = EternoNodesHandler.closeWhenDue.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        targetContract(address(handler));
    }

    function invariant_EtroHeldIsTheOpenStakesPlusTheVotes() public view {
        uint256 expected;
        for (uint256 id = 1; id <= nodes.nodeCount(); id++) {
            IEternoNodes.Node memory n = nodes.nodeOf(id);
            if (n.open) expected += n.staked;
            assertEq(n.staked, handler.ghostStaked(id), "staked == the needed ETRO when created");
            uint256 votes;
            for (uint256 i = 0; i < people.length; i++) {
                uint256 v = nodes.votesOf(id, people[i]);
                assertEq(v, handler.ghostVotes(id, people[i]), "votes == recorded");
                votes += v;
            }
            assertEq(n.votes, votes, "node votes == sum of its voters' votes");
            expected += n.votes;
        }
        assertEq(etro.balanceOf(address(nodes)), expected, "ETRO held == open stakes + votes");
    }

    function invariant_NftsHeldAreTheOpenNodesNfts() public view {
        uint256 expected;
        for (uint256 id = 1; id <= nodes.nodeCount(); id++) {
            IEternoNodes.Node memory n = nodes.nodeOf(id);
            expected += (n.open ? 1 : 0) + n.members;
        }
        assertEq(nft.balanceOf(address(nodes)), expected, "NFTs held == open partners + members' entries");
    }

    function invariant_WeightIsTheSumOfItsNftsAndMembershipAgrees() public view {
        for (uint256 id = 1; id <= nodes.nodeCount(); id++) {
            IEternoNodes.Node memory n = nodes.nodeOf(id);
            uint256 weight;
            uint256 members;
            bool masterIn;
            for (uint256 i = 0; i < people.length; i++) {
                (uint256 nodeId, uint256 tokenId) = nodes.membershipOf(people[i]);
                if (nodeId != id) continue;
                assertTrue(n.open || people[i] != n.master, "a master's membership names an open node");
                assertEq(nft.ownerOf(tokenId), address(nodes), "its NFT is escrowed");
                assertEq(nodes.membershipWeightOf(people[i]), handler.ghostWeight(people[i]), "weight as it entered");
                weight += handler.ghostWeight(people[i]);
                if (people[i] == n.master) {
                    masterIn = true;
                    assertEq(tokenId, n.partnerTokenId, "the master holds the partner NFT");
                    assertEq(nft.infoOf(tokenId).kind, 1, "partner kind");
                } else {
                    members++;
                    assertEq(nft.infoOf(tokenId).kind, 0, "entry kind");
                }
            }
            if (n.open) {
                assertTrue(masterIn, "an open node's master is in it");
                assertEq(n.weight, weight, "weight == sum of its NFTs' weights");
                assertEq(n.members, members, "member count");
            } else {
                assertEq(n.weight, 0, "a closed node weighs nothing");
                assertTrue(!masterIn, "a closed node's master is out");
                assertEq(n.members, members, "a closed node counts the NFTs still to return");
            }
        }
    }

    function invariant_NoNodeWithMembersClosesBeforeItsAnnouncedTime() public view {
        assertEq(handler.ghostEarlyCloses(), 0, "a master closed a node with members early");
    }

    function invariant_TheOwnerNeverMovesTheEscrow() public view {
        assertEq(handler.ghostOwnerTheft(), 0, "the owner moved escrow");
    }
}
