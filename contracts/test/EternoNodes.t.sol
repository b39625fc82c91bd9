// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {EternoNft} from "../src/EternoNft.sol";
import {EternoNodes} from "../src/EternoNodes.sol";
import {IEternoNodes} from "../src/interfaces/IEternoNodes.sol";
import {NodesFixture} from "./utils/NodesFixture.sol";
import {ReentrantToken} from "./utils/ReentrantToken.sol";

/// @notice A contract wallet with no ERC-721 receiver hook: it calls what its owner tells it to.
contract PlainWallet {
    function exec(address target, bytes calldata data) external returns (bytes memory) {
        (bool ok, bytes memory result) = target.call(data);
        require(ok, "call failed");
        return result;
    }
}

/// @notice Unit and fuzz tests of {EternoNodes}: create, join, edit, quit (member and master), vote and
///         unvote, every refusal with its context, the owner's parameters (bounds, and that they apply
///         from then on only), that no owner path reaches escrowed NFTs or ETRO, and a malicious token
///         re-entering.
contract EternoNodesTest is NodesFixture {
    function setUp() public {
        deployNodes();
    }

    function weights(uint16 n, uint16 r, uint16 sr, uint16 ssr) private pure returns (uint16[4] memory w) {
        w = [n, r, sr, ssr];
    }

    // ------------------------------------------------------------ constructor and parameters

    function test_Constructor_SetsTheDefaults() public view {
        (uint256 needed, uint256 maxShare, uint16[4] memory w) = nodes.parameters();
        assertEq(needed, NEEDED, "needed ETRO 10,000");
        assertEq(maxShare, 3000, "max share 30 %");
        assertEq(w[0], 1, "N");
        assertEq(w[1], 2, "R");
        assertEq(w[2], 4, "SR");
        assertEq(w[3], 8, "SSR");
        assertEq(nodes.nodeCount(), 0, "no node");
        assertEq(address(nodes.ETRO()), address(etro), "etro");
        assertEq(address(nodes.NFT()), address(nft), "nft");
        assertEq(nodes.owner(), address(this), "owner");
        assertEq(nodes.closeNotice(), 7 days, "close notice 7 days");
    }

    function test_Constructor_EmitsTheParameters() public {
        vm.expectEmit();
        emit IEternoNodes.ParametersSet(NEEDED, 3000, weights(1, 2, 4, 8));
        new EternoNodes(etro, nft, address(this));
    }

    function test_Constructor_RefusesZeroAddresses() public {
        vm.expectRevert(EternoNodes.ZeroAddress.selector);
        new EternoNodes(IERC20Metadata(address(0)), nft, address(this));
        vm.expectRevert(EternoNodes.ZeroAddress.selector);
        new EternoNodes(etro, EternoNft(address(0)), address(this));
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        new EternoNodes(etro, nft, address(0));
    }

    function test_SetParameters_StoresAndEmits() public {
        vm.expectEmit(address(nodes));
        emit IEternoNodes.ParametersSet(5000e18, 5000, weights(1, 3, 9, 27));
        nodes.setParameters(5000e18, 5000, weights(1, 3, 9, 27));
        (uint256 needed, uint256 maxShare, uint16[4] memory w) = nodes.parameters();
        assertEq(needed, 5000e18, "needed");
        assertEq(maxShare, 5000, "max share");
        assertEq(w[3], 27, "SSR");
    }

    function test_SetParameters_RefusesOutOfBounds() public {
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.InvalidNeededEtro.selector, 0));
        nodes.setParameters(0, 3000, weights(1, 2, 4, 8));
        uint256 huge = uint256(type(uint128).max) + 1;
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.InvalidNeededEtro.selector, huge));
        nodes.setParameters(huge, 3000, weights(1, 2, 4, 8));
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.MaxShareAboveCap.selector, 5001, 5000));
        nodes.setParameters(NEEDED, 5001, weights(1, 2, 4, 8));
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.InvalidRarityWeights.selector, weights(0, 2, 4, 8)));
        nodes.setParameters(NEEDED, 3000, weights(0, 2, 4, 8));
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.InvalidRarityWeights.selector, weights(1, 2, 4, 1001)));
        nodes.setParameters(NEEDED, 3000, weights(1, 2, 4, 1001));
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.InvalidRarityWeights.selector, weights(1, 4, 2, 8)));
        nodes.setParameters(NEEDED, 3000, weights(1, 4, 2, 8));
    }

    function test_SetParameters_OnlyOwner() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        nodes.setParameters(NEEDED, 3000, weights(1, 2, 4, 8));
    }

    // ------------------------------------------------------------ create

    function test_CreateNode_EscrowsTheNftAndStakeAndEmits() public {
        uint256 tokenId = mintNft(alice, PARTNER, SR);
        uint256 before = etro.balanceOf(alice);
        vm.expectEmit(address(nodes));
        emit IEternoNodes.NodeCreated(1, alice, tokenId, 4, NEEDED, 2500, "Alpha", "The first node");
        vm.prank(alice);
        uint256 nodeId = nodes.createNode(tokenId, "Alpha", "The first node", 2500);
        assertEq(nodeId, 1, "first id");
        assertEq(nodes.nodeCount(), 1, "count");
        assertEq(nft.ownerOf(tokenId), address(nodes), "NFT escrowed");
        assertEq(before - etro.balanceOf(alice), NEEDED, "stake paid");
        assertEq(etro.balanceOf(address(nodes)), NEEDED, "stake held");
        IEternoNodes.Node memory n = nodes.nodeOf(1);
        assertEq(n.master, alice, "master");
        assertEq(n.weight, 4, "SR weight");
        assertEq(n.members, 0, "no member");
        assertEq(n.shareBps, 2500, "share");
        assertTrue(n.open, "open");
        assertEq(n.partnerTokenId, tokenId, "partner");
        assertEq(n.staked, NEEDED, "staked");
        assertEq(n.votes, 0, "votes");
        assertEq(n.name, "Alpha", "name");
        assertEq(n.description, "The first node", "description");
        (uint256 inNode, uint256 held) = nodes.membershipOf(alice);
        assertEq(inNode, 1, "alice in node 1");
        assertEq(held, tokenId, "with the partner NFT");
        assertEq(nodes.membershipWeightOf(alice), 4, "its weight");
        (uint256 second,) = createAs(bob, N);
        assertEq(second, 2, "ids are sequential");
    }

    function test_CreateNode_AcceptsTheBoundaries() public {
        uint256 tokenId = mintNft(alice, PARTNER, N);
        vm.prank(alice);
        nodes.createNode(tokenId, string(new bytes(32)), string(new bytes(280)), 3000);
        IEternoNodes.Node memory n = nodes.nodeOf(1);
        assertEq(bytes(n.name).length, 32, "32-byte name");
        assertEq(bytes(n.description).length, 280, "280-byte description");
        assertEq(n.shareBps, 3000, "max share");
        tokenId = mintNft(bob, PARTNER, N);
        vm.prank(bob);
        nodes.createNode(tokenId, "B", "", 0);
        assertEq(nodes.nodeOf(2).shareBps, 0, "zero share");
    }

    function test_CreateNode_RefusesBadText() public {
        uint256 tokenId = mintNft(alice, PARTNER, N);
        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.BadNameLength.selector, 0, 32));
        nodes.createNode(tokenId, "", "", 0);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.BadNameLength.selector, 33, 32));
        nodes.createNode(tokenId, string(new bytes(33)), "", 0);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.DescriptionTooLong.selector, 281, 280));
        nodes.createNode(tokenId, "A", string(new bytes(281)), 0);
        // A multi-byte name counts its UTF-8 bytes: 11 three-byte characters are 33 bytes.
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.BadNameLength.selector, 33, 32));
        nodes.createNode(tokenId, unicode"节点节点节点节点节点节", "", 0);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.ShareTooHigh.selector, 3001, 3000));
        nodes.createNode(tokenId, "A", "", 3001);
        vm.stopPrank();
        assertEq(nft.ownerOf(tokenId), alice, "nothing moved");
        assertEq(nodes.nodeCount(), 0, "no node");
    }

    function test_CreateNode_RefusesBadNfts() public {
        uint256 entry = mintNft(alice, ENTRY, SSR);
        uint256 others = mintNft(bob, PARTNER, SSR);
        uint256 hidden = mintUnrevealed(alice, PARTNER, SSR);
        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.WrongNftKind.selector, entry, 0, 1));
        nodes.createNode(entry, "A", "", 0);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotNftOwner.selector, others, bob));
        nodes.createNode(others, "A", "", 0);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NftNotRevealed.selector, hidden));
        nodes.createNode(hidden, "A", "", 0);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 99));
        nodes.createNode(99, "A", "", 0);
        vm.stopPrank();
    }

    function test_CreateNode_NeedsTheApprovalsAndTheEtro() public {
        uint256 tokenId = mintNft(alice, PARTNER, N);
        vm.startPrank(alice);
        nft.setApprovalForAll(address(nodes), false);
        vm.expectRevert(
            abi.encodeWithSelector(IERC721Errors.ERC721InsufficientApproval.selector, address(nodes), tokenId)
        );
        nodes.createNode(tokenId, "A", "", 0);
        nft.setApprovalForAll(address(nodes), true);
        etro.approve(address(nodes), NEEDED - 1);
        vm.expectRevert();
        nodes.createNode(tokenId, "A", "", 0);
        vm.stopPrank();
        address poor = address(0x9009);
        uint256 poorToken = mintNft(poor, PARTNER, N);
        require(etro.transfer(poor, NEEDED - 1), "give");
        vm.startPrank(poor);
        etro.approve(address(nodes), type(uint256).max);
        nft.approve(address(nodes), poorToken);
        vm.expectRevert();
        nodes.createNode(poorToken, "A", "", 0);
        vm.stopPrank();
        assertEq(nft.ownerOf(tokenId), alice, "alice keeps her NFT");
        assertEq(nft.ownerOf(poorToken), poor, "poor keeps the NFT");
        assertEq(nodes.nodeCount(), 0, "no node");
    }

    function test_CreateNode_RefusesAnAccountAlreadyInANode() public {
        (uint256 nodeId,) = createAs(alice, N);
        uint256 second = mintNft(alice, PARTNER, N);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.AlreadyInNode.selector, alice, nodeId));
        nodes.createNode(second, "A", "", 0);
        joinAs(bob, nodeId, N);
        uint256 bobPartner = mintNft(bob, PARTNER, N);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.AlreadyInNode.selector, bob, nodeId));
        nodes.createNode(bobPartner, "B", "", 0);
    }

    // ------------------------------------------------------------ join

    function test_JoinNode_EscrowsTheEntryNftAndAddsItsWeight() public {
        (uint256 nodeId,) = createAs(alice, R);
        uint256 tokenId = mintNft(bob, ENTRY, SSR);
        vm.expectEmit(address(nodes));
        emit IEternoNodes.NodeJoined(nodeId, bob, tokenId, 8);
        vm.prank(bob);
        nodes.joinNode(nodeId, tokenId);
        assertEq(nft.ownerOf(tokenId), address(nodes), "escrowed");
        IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
        assertEq(n.weight, 2 + 8, "R partner + SSR entry");
        assertEq(n.members, 1, "one member");
        (uint256 inNode, uint256 held) = nodes.membershipOf(bob);
        assertEq(inNode, nodeId, "bob in the node");
        assertEq(held, tokenId, "with his entry NFT");
        joinAs(carol, nodeId, N);
        n = nodes.nodeOf(nodeId);
        assertEq(n.weight, 11, "plus N");
        assertEq(n.members, 2, "two members");
    }

    function test_JoinNode_RefusesBadNftsAndAccountsInANode() public {
        (uint256 nodeId,) = createAs(alice, N);
        uint256 partner = mintNft(bob, PARTNER, N);
        uint256 carolEntry = mintNft(carol, ENTRY, N);
        uint256 hidden = mintUnrevealed(bob, ENTRY, N);
        vm.startPrank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.WrongNftKind.selector, partner, 1, 0));
        nodes.joinNode(nodeId, partner);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotNftOwner.selector, carolEntry, carol));
        nodes.joinNode(nodeId, carolEntry);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NftNotRevealed.selector, hidden));
        nodes.joinNode(nodeId, hidden);
        vm.stopPrank();
        uint256 aliceEntry = mintNft(alice, ENTRY, N);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.AlreadyInNode.selector, alice, nodeId));
        nodes.joinNode(nodeId, aliceEntry);
        joinAs(bob, nodeId, N);
        (uint256 other,) = createAs(dave, N);
        uint256 again = mintNft(bob, ENTRY, N);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.AlreadyInNode.selector, bob, nodeId));
        nodes.joinNode(other, again);
    }

    function test_JoinNode_RefusesUnknownAndClosedNodes() public {
        uint256 entry = mintNft(bob, ENTRY, N);
        vm.startPrank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.UnknownNode.selector, 0));
        nodes.joinNode(0, entry);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.UnknownNode.selector, 1));
        nodes.joinNode(1, entry);
        vm.stopPrank();
        (uint256 nodeId,) = createAs(alice, N);
        vm.prank(alice);
        nodes.quitNode(nodeId);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeNotOpen.selector, nodeId));
        nodes.joinNode(nodeId, entry);
    }

    function test_Weights_AreFixedWhenTheNftEnters() public {
        (uint256 nodeId,) = createAs(alice, SSR);
        uint256 bobEntry = joinAs(bob, nodeId, SR);
        nodes.setParameters(NEEDED, 3000, weights(10, 20, 40, 80));
        joinAs(carol, nodeId, SR);
        IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
        assertEq(n.weight, 8 + 4 + 40, "old weights kept, new weight for the new NFT");
        vm.expectEmit(address(nodes));
        emit IEternoNodes.NodeQuit(nodeId, bob, bobEntry, 4);
        vm.prank(bob);
        nodes.quitNode(nodeId);
        assertEq(nodes.nodeOf(nodeId).weight, 8 + 40, "bob takes his 4 out");
    }

    // ------------------------------------------------------------ edit

    function test_EditNode_ByTheMaster() public {
        (uint256 nodeId,) = createAs(alice, N);
        vm.expectEmit(address(nodes));
        emit IEternoNodes.NodeEdited(nodeId, unicode"节点", "New text", 3000);
        vm.prank(alice);
        nodes.editNode(nodeId, unicode"节点", "New text", 3000);
        IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
        assertEq(n.name, unicode"节点", "name");
        assertEq(n.description, "New text", "description");
        assertEq(n.shareBps, 3000, "share");
    }

    function test_EditNode_Refusals() public {
        (uint256 nodeId,) = createAs(alice, N);
        joinAs(bob, nodeId, N);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotMaster.selector, nodeId, bob));
        nodes.editNode(nodeId, "X", "", 0);
        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.UnknownNode.selector, 2));
        nodes.editNode(2, "X", "", 0);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.BadNameLength.selector, 0, 32));
        nodes.editNode(nodeId, "", "", 0);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.DescriptionTooLong.selector, 281, 280));
        nodes.editNode(nodeId, "X", string(new bytes(281)), 0);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.ShareTooHigh.selector, 3001, 3000));
        nodes.editNode(nodeId, "X", "", 3001);
        vm.stopPrank();
        assertEq(nodes.nodeOf(nodeId).name, "Node", "unchanged");
    }

    function test_EditNode_RefusesAClosedNode() public {
        (uint256 nodeId,) = createAs(alice, N);
        vm.startPrank(alice);
        nodes.quitNode(nodeId);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeNotOpen.selector, nodeId));
        nodes.editNode(nodeId, "X", "", 0);
        vm.stopPrank();
    }

    function test_MaxShare_AppliesToCreationsAndEditsFromThenOn() public {
        (uint256 nodeId,) = createAs(alice, N);
        vm.prank(alice);
        nodes.editNode(nodeId, "A", "", 3000);
        nodes.setParameters(NEEDED, 2000, weights(1, 2, 4, 8));
        assertEq(nodes.nodeOf(nodeId).shareBps, 3000, "a node keeps its rate");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.ShareTooHigh.selector, 3000, 2000));
        nodes.editNode(nodeId, "A", "", 3000);
        uint256 tokenId = mintNft(bob, PARTNER, N);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.ShareTooHigh.selector, 2001, 2000));
        nodes.createNode(tokenId, "B", "", 2001);
    }

    // ------------------------------------------------------------ quit and close

    function test_QuitNode_AMemberGetsTheNftBack() public {
        (uint256 nodeId,) = createAs(alice, N);
        uint256 tokenId = joinAs(bob, nodeId, SR);
        vm.expectEmit(address(nodes));
        emit IEternoNodes.NodeQuit(nodeId, bob, tokenId, 4);
        vm.prank(bob);
        nodes.quitNode(nodeId);
        assertEq(nft.ownerOf(tokenId), bob, "NFT back");
        IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
        assertEq(n.weight, 1, "partner only");
        assertEq(n.members, 0, "no member");
        (uint256 inNode, uint256 held) = nodes.membershipOf(bob);
        assertEq(inNode, 0, "bob in no node");
        assertEq(held, 0, "no NFT");
        assertEq(nodes.membershipWeightOf(bob), 0, "no weight");
        // He may join again, also another node.
        (uint256 other,) = createAs(carol, N);
        vm.prank(bob);
        nodes.joinNode(other, tokenId);
        assertEq(nodes.nodeOf(other).members, 1, "joined the other node");
    }

    function test_QuitNode_TheMasterClosesAnEmptyNode() public {
        (uint256 nodeId, uint256 partner) = createAs(alice, SSR);
        uint256 before = etro.balanceOf(alice);
        vm.expectEmit(address(nodes));
        emit IEternoNodes.NodeClosed(nodeId, alice, partner, NEEDED, 0);
        vm.prank(alice);
        nodes.quitNode(nodeId);
        assertEq(nft.ownerOf(partner), alice, "partner NFT back");
        assertEq(etro.balanceOf(alice) - before, NEEDED, "stake back");
        assertEq(etro.balanceOf(address(nodes)), 0, "nothing held");
        IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
        assertFalse(n.open, "closed");
        assertEq(n.weight, 0, "holds no NFT");
        assertEq(n.members, 0, "no member");
        assertEq(n.staked, NEEDED, "the stake it made and returned, as a record");
        assertEq(n.master, alice, "master kept");
        assertEq(n.partnerTokenId, partner, "partner id kept");
        (uint256 inNode,) = nodes.membershipOf(alice);
        assertEq(inNode, 0, "alice in no node");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotInNode.selector, nodeId, alice));
        nodes.quitNode(nodeId);
        // She may create a new node with the same NFT.
        vm.prank(alice);
        assertEq(nodes.createNode(partner, "Again", "", 0), 2, "a new node");
    }

    function test_QuitNode_TheMasterCannotCloseANodeWithMembers() public {
        (uint256 nodeId, uint256 partner) = createAs(alice, N);
        joinAs(bob, nodeId, N);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeHasMembers.selector, nodeId, 1));
        nodes.quitNode(nodeId);
        assertEq(nft.ownerOf(partner), address(nodes), "partner still escrowed");
        (uint256 inNode,) = nodes.membershipOf(alice);
        assertEq(inNode, nodeId, "alice still master");
        vm.prank(bob);
        nodes.quitNode(nodeId);
        vm.prank(alice);
        nodes.quitNode(nodeId);
        assertFalse(nodes.nodeOf(nodeId).open, "closed once empty");
    }

    function test_QuitNode_RefusesOutsiders() public {
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.UnknownNode.selector, 1));
        nodes.quitNode(1);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.UnknownNode.selector, 0));
        nodes.quitNode(0);
        (uint256 first,) = createAs(alice, N);
        (uint256 second,) = createAs(carol, N);
        joinAs(bob, first, N);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotInNode.selector, second, bob));
        nodes.quitNode(second);
        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotInNode.selector, first, dave));
        nodes.quitNode(first);
    }

    function test_QuitNode_TheStakeReturnedIsTheOneMade() public {
        (uint256 nodeId,) = createAs(alice, N);
        nodes.setParameters(20_000e18, 3000, weights(1, 2, 4, 8));
        (uint256 other,) = createAs(bob, N);
        assertEq(nodes.nodeOf(nodeId).staked, NEEDED, "old stake kept");
        assertEq(nodes.nodeOf(other).staked, 20_000e18, "new stake");
        uint256 before = etro.balanceOf(alice);
        vm.prank(alice);
        nodes.quitNode(nodeId);
        assertEq(etro.balanceOf(alice) - before, NEEDED, "alice gets her 10,000 back");
        assertEq(etro.balanceOf(address(nodes)), 20_000e18, "bob's stake stays");
    }

    // ------------------------------------------------------------ close with members (review M-5)

    function test_AnnounceClose_SetsTheDateAndFreezesJoinsVotesAndEdits() public {
        (uint256 nodeId,) = createAs(alice, N);
        joinAs(bob, nodeId, R);
        uint256 due = block.timestamp + 7 days;
        vm.expectEmit(address(nodes));
        emit IEternoNodes.CloseAnnounced(nodeId, due);
        vm.prank(alice);
        nodes.announceClose(nodeId);
        assertEq(nodes.nodeOf(nodeId).closeAt, due, "due after the 7-day notice");
        uint256 entry = mintNft(carol, ENTRY, N);
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeClosing.selector, nodeId, due));
        nodes.joinNode(nodeId, entry);
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeClosing.selector, nodeId, due));
        nodes.vote(nodeId, 1e18);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeClosing.selector, nodeId, due));
        nodes.editNode(nodeId, "Raise", "", 3000);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeClosing.selector, nodeId, due));
        nodes.announceClose(nodeId);
        // Members may still leave at any time.
        vm.prank(bob);
        nodes.quitNode(nodeId);
        assertEq(nodes.nodeOf(nodeId).members, 0, "bob left during the notice");
    }

    function test_AnnounceClose_OnlyTheMasterOfAnOpenNode() public {
        (uint256 nodeId,) = createAs(alice, N);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotMaster.selector, nodeId, bob));
        nodes.announceClose(nodeId);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.UnknownNode.selector, 9));
        nodes.announceClose(9);
        vm.prank(alice);
        nodes.quitNode(nodeId);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeNotOpen.selector, nodeId));
        nodes.announceClose(nodeId);
    }

    function test_CancelClose_ReopensJoinsAndNeedsAnAnnouncement() public {
        (uint256 nodeId,) = createAs(alice, N);
        joinAs(bob, nodeId, N);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.CloseNotAnnounced.selector, nodeId));
        nodes.cancelClose(nodeId);
        vm.prank(alice);
        nodes.announceClose(nodeId);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NotMaster.selector, nodeId, bob));
        nodes.cancelClose(nodeId);
        vm.expectEmit(address(nodes));
        emit IEternoNodes.CloseCancelled(nodeId);
        vm.prank(alice);
        nodes.cancelClose(nodeId);
        assertEq(nodes.nodeOf(nodeId).closeAt, 0, "no close announced");
        vm.warp(block.timestamp + 8 days);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeHasMembers.selector, nodeId, 1));
        nodes.quitNode(nodeId);
        joinAs(carol, nodeId, N);
        assertEq(nodes.nodeOf(nodeId).members, 2, "joins open again");
    }

    function test_QuitNode_TheMasterClosesANodeWithMembersAfterTheNotice() public {
        (uint256 nodeId, uint256 partner) = createAs(alice, N);
        uint256 bobEntry = joinAs(bob, nodeId, SR);
        uint256 carolEntry = joinAs(carol, nodeId, N);
        vm.prank(dave);
        nodes.vote(nodeId, 50e18);
        vm.prank(alice);
        nodes.announceClose(nodeId);
        uint256 due = block.timestamp + 7 days;
        vm.warp(due - 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.CloseNotDue.selector, nodeId, due, due - 1));
        nodes.quitNode(nodeId);
        vm.warp(due);
        uint256 before = etro.balanceOf(alice);
        vm.expectEmit(address(nodes));
        emit IEternoNodes.NodeClosed(nodeId, alice, partner, NEEDED, 2);
        vm.prank(alice);
        nodes.quitNode(nodeId);
        assertEq(etro.balanceOf(alice) - before, NEEDED, "stake back");
        assertEq(nft.ownerOf(partner), alice, "partner NFT back");
        IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
        assertFalse(n.open, "closed");
        assertEq(n.weight, 0, "no power");
        assertEq(n.members, 2, "two entry NFTs to return");
        // bob takes his back himself; anyone returns carol's (dave and a non-member listed are skipped).
        vm.prank(bob);
        nodes.quitNode(nodeId);
        assertEq(nft.ownerOf(bobEntry), bob, "bob's NFT back");
        address[] memory batch = new address[](3);
        batch[0] = dave;
        batch[1] = carol;
        batch[2] = bob;
        vm.expectEmit(address(nodes));
        emit IEternoNodes.NodeQuit(nodeId, carol, carolEntry, 1);
        vm.prank(dave);
        nodes.returnNfts(nodeId, batch);
        assertEq(nft.ownerOf(carolEntry), carol, "carol's NFT back to carol");
        assertEq(nodes.nodeOf(nodeId).members, 0, "all returned");
        assertEq(nft.balanceOf(address(nodes)), 0, "nothing held");
        (uint256 inNode,) = nodes.membershipOf(carol);
        assertEq(inNode, 0, "carol free to join another node");
        // Votes come back from the closed node.
        vm.prank(dave);
        nodes.unvote(nodeId, 50e18);
        assertEq(etro.balanceOf(address(nodes)), 0, "no ETRO held");
    }

    function test_ReturnNfts_OnlyFromAClosedNodeInBoundedBatches() public {
        (uint256 nodeId,) = createAs(alice, N);
        joinAs(bob, nodeId, N);
        address[] memory batch = new address[](1);
        batch[0] = bob;
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeStillOpen.selector, nodeId));
        nodes.returnNfts(nodeId, batch);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.UnknownNode.selector, 5));
        nodes.returnNfts(5, batch);
        vm.prank(alice);
        nodes.announceClose(nodeId);
        vm.warp(block.timestamp + 7 days);
        vm.prank(alice);
        nodes.quitNode(nodeId);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.ReturnBatchTooLarge.selector, 51, 50));
        nodes.returnNfts(nodeId, new address[](51));
        // The master's address in a batch is skipped: its membership ended at the close.
        batch[0] = alice;
        nodes.returnNfts(nodeId, batch);
        assertEq(nodes.nodeOf(nodeId).members, 1, "bob's NFT still waits");
    }

    function test_SetCloseNotice_BoundedAndForLaterAnnouncements() public {
        assertEq(nodes.closeNotice(), 7 days, "default 7 days");
        (uint256 nodeId,) = createAs(alice, N);
        joinAs(bob, nodeId, N);
        vm.prank(alice);
        nodes.announceClose(nodeId);
        uint256 due = nodes.nodeOf(nodeId).closeAt;
        vm.expectEmit(address(nodes));
        emit IEternoNodes.CloseNoticeSet(30 days);
        nodes.setCloseNotice(30 days);
        assertEq(nodes.nodeOf(nodeId).closeAt, due, "an announced close keeps its date");
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.InvalidCloseNotice.selector, 1 days - 1));
        nodes.setCloseNotice(1 days - 1);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.InvalidCloseNotice.selector, 30 days + 1));
        nodes.setCloseNotice(30 days + 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        nodes.setCloseNotice(1 days);
    }

    function testFuzz_Close_NeverBeforeTheAnnouncedTime(uint256 notice, uint256 waited) public {
        notice = bound(notice, 1 days, 30 days);
        nodes.setCloseNotice(notice);
        (uint256 nodeId,) = createAs(alice, N);
        uint256 entry = joinAs(bob, nodeId, N);
        vm.prank(alice);
        nodes.announceClose(nodeId);
        uint256 start = block.timestamp;
        waited = bound(waited, 0, 2 * notice);
        vm.warp(start + waited);
        vm.prank(alice);
        if (waited < notice) {
            vm.expectRevert(
                abi.encodeWithSelector(EternoNodes.CloseNotDue.selector, nodeId, start + notice, start + waited)
            );
            nodes.quitNode(nodeId);
            return;
        }
        nodes.quitNode(nodeId);
        vm.prank(bob);
        nodes.quitNode(nodeId);
        assertEq(nft.ownerOf(entry), bob, "the member's NFT back");
    }

    // ------------------------------------------------------------ votes

    function test_Vote_StakesEtroOnANode() public {
        (uint256 nodeId,) = createAs(alice, N);
        vm.expectEmit(address(nodes));
        emit IEternoNodes.Voted(nodeId, carol, 500e18, 500e18);
        vm.prank(carol);
        nodes.vote(nodeId, 500e18);
        vm.expectEmit(address(nodes));
        emit IEternoNodes.Voted(nodeId, carol, 250e18, 750e18);
        vm.prank(carol);
        nodes.vote(nodeId, 250e18);
        vm.prank(alice);
        nodes.vote(nodeId, 1e18);
        assertEq(nodes.votesOf(nodeId, carol), 750e18, "carol's votes");
        assertEq(nodes.votesOf(nodeId, alice), 1e18, "the master may vote too");
        assertEq(nodes.nodeOf(nodeId).votes, 751e18, "node votes");
        assertEq(etro.balanceOf(address(nodes)), NEEDED + 751e18, "held");
    }

    function test_Vote_Refusals() public {
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.UnknownNode.selector, 1));
        nodes.vote(1, 1e18);
        (uint256 nodeId,) = createAs(alice, N);
        vm.prank(carol);
        vm.expectRevert(EternoNodes.ZeroAmount.selector);
        nodes.vote(nodeId, 0);
        vm.prank(alice);
        nodes.quitNode(nodeId);
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.NodeNotOpen.selector, nodeId));
        nodes.vote(nodeId, 1e18);
        (uint256 other,) = createAs(bob, N);
        address poor = address(0x9009);
        vm.startPrank(poor);
        etro.approve(address(nodes), type(uint256).max);
        vm.expectRevert();
        nodes.vote(other, 1);
        vm.stopPrank();
    }

    function test_Unvote_ReturnsEtroAlsoFromAClosedNode() public {
        (uint256 nodeId,) = createAs(alice, N);
        vm.prank(carol);
        nodes.vote(nodeId, 500e18);
        uint256 before = etro.balanceOf(carol);
        vm.expectEmit(address(nodes));
        emit IEternoNodes.Unvoted(nodeId, carol, 200e18, 300e18);
        vm.prank(carol);
        nodes.unvote(nodeId, 200e18);
        assertEq(etro.balanceOf(carol) - before, 200e18, "returned");
        assertEq(nodes.votesOf(nodeId, carol), 300e18, "left");
        vm.prank(alice);
        nodes.quitNode(nodeId);
        assertEq(etro.balanceOf(address(nodes)), 300e18, "only the votes stay");
        vm.prank(carol);
        nodes.unvote(nodeId, 300e18);
        assertEq(nodes.votesOf(nodeId, carol), 0, "none left");
        assertEq(nodes.nodeOf(nodeId).votes, 0, "node votes 0");
        assertEq(etro.balanceOf(address(nodes)), 0, "nothing held");
    }

    function test_Unvote_Refusals() public {
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.UnknownNode.selector, 1));
        nodes.unvote(1, 1e18);
        (uint256 nodeId,) = createAs(alice, N);
        vm.prank(carol);
        nodes.vote(nodeId, 500e18);
        vm.startPrank(carol);
        vm.expectRevert(EternoNodes.ZeroAmount.selector);
        nodes.unvote(nodeId, 0);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.InsufficientVotes.selector, nodeId, 500e18 + 1, 500e18));
        nodes.unvote(nodeId, 500e18 + 1);
        vm.stopPrank();
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.InsufficientVotes.selector, nodeId, 1, 0));
        nodes.unvote(nodeId, 1);
    }

    // ------------------------------------------------------------ views

    function test_NodeOf_RefusesUnknownIds() public {
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.UnknownNode.selector, 0));
        nodes.nodeOf(0);
        vm.expectRevert(abi.encodeWithSelector(EternoNodes.UnknownNode.selector, 1));
        nodes.nodeOf(1);
    }

    // ------------------------------------------------------------ the owner cannot reach escrow

    function test_Owner_HasNoPathToEscrowedAssets() public {
        (uint256 nodeId, uint256 partner) = createAs(alice, N);
        uint256 entry = joinAs(bob, nodeId, N);
        vm.prank(carol);
        nodes.vote(nodeId, 100e18);
        // The owner holds no approval on the escrow and the contract has no transfer function for it.
        vm.expectRevert(
            abi.encodeWithSelector(IERC721Errors.ERC721InsufficientApproval.selector, address(this), partner)
        );
        nft.transferFrom(address(nodes), address(this), partner);
        assertEq(etro.allowance(address(nodes), address(this)), 0, "no ETRO allowance to the owner");
        assertFalse(nft.isApprovedForAll(address(nodes), address(this)), "no NFT operator");
        nodes.setParameters(1, 0, weights(1000, 1000, 1000, 1000));
        nodes.transferOwnership(dave);
        vm.prank(dave);
        nodes.acceptOwnership();
        assertEq(nft.ownerOf(partner), address(nodes), "partner escrowed");
        assertEq(nft.ownerOf(entry), address(nodes), "entry escrowed");
        assertEq(etro.balanceOf(address(nodes)), NEEDED + 100e18, "stake and votes held");
        IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
        assertEq(n.staked, NEEDED, "stake untouched");
        assertEq(n.weight, 2, "weights untouched");
    }

    function test_SafeTransferOfAnNftDirectlyIsRefused() public {
        uint256 tokenId = mintNft(alice, PARTNER, N);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721InvalidReceiver.selector, address(nodes)));
        nft.safeTransferFrom(alice, address(nodes), tokenId);
    }

    function test_QuitNode_AContractWalletWithoutAReceiverHookGetsItsNftsBack() public {
        PlainWallet wallet = new PlainWallet();
        require(etro.transfer(address(wallet), NEEDED), "give");
        uint256 partner = mintNft(address(wallet), PARTNER, N);
        wallet.exec(address(etro), abi.encodeCall(etro.approve, (address(nodes), NEEDED)));
        wallet.exec(address(nft), abi.encodeCall(nft.setApprovalForAll, (address(nodes), true)));
        bytes memory created = wallet.exec(address(nodes), abi.encodeCall(nodes.createNode, (partner, "W", "", 0)));
        uint256 nodeId = abi.decode(created, (uint256));
        wallet.exec(address(nodes), abi.encodeCall(nodes.quitNode, (nodeId)));
        assertEq(nft.ownerOf(partner), address(wallet), "the partner NFT came back without a receiver hook");
        assertEq(etro.balanceOf(address(wallet)), NEEDED, "and the stake");
    }

    // ------------------------------------------------------------ fuzz

    function testFuzz_VoteAndUnvote_BalanceIsStakePlusVotes(uint256 a, uint256 b, uint256 back) public {
        a = bound(a, 1, 1_000_000e18);
        b = bound(b, 1, 1_000_000e18 - NEEDED - 1000e18);
        (uint256 nodeId,) = createAs(alice, N);
        vm.prank(carol);
        nodes.vote(nodeId, a);
        vm.prank(alice);
        nodes.vote(nodeId, b);
        back = bound(back, 1, a);
        vm.prank(carol);
        nodes.unvote(nodeId, back);
        assertEq(nodes.votesOf(nodeId, carol), a - back, "carol");
        assertEq(nodes.nodeOf(nodeId).votes, a - back + b, "node");
        assertEq(etro.balanceOf(address(nodes)), NEEDED + a - back + b, "held == stake + votes");
        assertEq(etro.balanceOf(carol), 1_000_000e18 - a + back, "carol's balance");
    }

    function testFuzz_Weight_IsTheSumOfTheRarityWeights(uint256 seed, uint16[4] memory w) public {
        for (uint256 i = 0; i < 4; i++) {
            w[i] = uint16(bound(w[i], i == 0 ? 1 : w[i - 1], 1000));
        }
        nodes.setParameters(NEEDED, 3000, w);
        uint256 partnerRarity = seed % 4 + 1;
        (uint256 nodeId,) = createAs(alice, partnerRarity);
        uint256 expected = w[partnerRarity - 1];
        address[3] memory members = [bob, carol, dave];
        for (uint256 i = 0; i < 3; i++) {
            uint256 rarity = (seed >> (8 * (i + 1))) % 4 + 1;
            joinAs(members[i], nodeId, rarity);
            expected += w[rarity - 1];
            assertEq(nodes.membershipWeightOf(members[i]), w[rarity - 1], "member weight");
        }
        assertEq(nodes.nodeOf(nodeId).weight, expected, "node weight == sum");
        uint256 leaving = seed % 3;
        uint256 leavingWeight = nodes.membershipWeightOf(members[leaving]);
        vm.prank(members[leaving]);
        nodes.quitNode(nodeId);
        assertEq(nodes.nodeOf(nodeId).weight, expected - leavingWeight, "minus the one who left");
        assertEq(nft.balanceOf(address(nodes)), 3, "partner + two entries");
    }

    function testFuzz_Text_LengthRule(uint8 nameLength, uint16 descriptionLength) public {
        uint256 tokenId = mintNft(alice, PARTNER, N);
        uint256 d = bound(descriptionLength, 0, 400);
        bool ok = nameLength >= 1 && nameLength <= 32 && d <= 280;
        if (!ok) {
            vm.expectRevert(
                nameLength == 0 || nameLength > 32
                    ? abi.encodeWithSelector(EternoNodes.BadNameLength.selector, nameLength, 32)
                    : abi.encodeWithSelector(EternoNodes.DescriptionTooLong.selector, d, 280)
            );
        }
        vm.prank(alice);
        nodes.createNode(tokenId, string(new bytes(nameLength)), string(new bytes(d)), 0);
        assertEq(nodes.nodeCount(), ok ? 1 : 0, "created only when valid");
    }

    // ------------------------------------------------------------ reentrancy

    function test_Reentrancy_AMaliciousTokenCannotReenter() public {
        ReentrantToken evil = new ReentrantToken(1_000_000e18, address(this));
        EternoNodes m = new EternoNodes(IERC20Metadata(address(evil)), nft, address(this));
        evil.approve(address(m), type(uint256).max);
        nft.setApprovalForAll(address(m), true);
        uint256 partner = mintNft(address(this), PARTNER, N);
        uint256 nodeId = m.createNode(partner, "Evil", "", 0);
        m.vote(nodeId, 100e18);
        // Every transfer of the token re-enters: the guard refuses, so the outer call reverts.
        evil.arm(address(m), abi.encodeCall(EternoNodes.unvote, (nodeId, 100e18)));
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        m.unvote(nodeId, 100e18);
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        m.vote(nodeId, 1e18);
        evil.arm(address(m), abi.encodeCall(EternoNodes.quitNode, (nodeId)));
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        m.quitNode(nodeId);
        evil.arm(address(0), "");
        assertEq(m.votesOf(nodeId, address(this)), 100e18, "votes intact");
        assertEq(evil.balanceOf(address(m)), NEEDED + 100e18, "stake and votes intact");
        assertTrue(m.nodeOf(nodeId).open, "still open");
        assertEq(nft.ownerOf(partner), address(m), "partner escrowed");
    }
}
