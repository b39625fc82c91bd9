// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoNft} from "../../src/EternoNft.sol";
import {EternoNodes} from "../../src/EternoNodes.sol";
import {IEternoNodes} from "../../src/interfaces/IEternoNodes.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random creates, joins, edits, quits (members and masters), close announcements and
///         cancellations, closes with members after the notice, returns of a closed node's NFTs by anyone,
///         votes and unvotes by a few users holding revealed and unrevealed NFTs of both kinds, NFT transfers
///         between them, time passing, and the owner's actions (parameters and close notice within bounds,
///         and attempts to take the escrow). Each call's outcome is
///         predicted from the state before it; a refusal must be the predicted one. Records each node's
///         stake and each account's weight (computed here from the rarity and the weights in force when
///         its NFT entered) and each vote.
contract EternoNodesHandler is Test {
    EternoNodes public immutable nodes;
    EternoNft public immutable nft;
    IERC20 public immutable etro;
    address[] public users;
    address public immutable sink = address(0x51A4);

    /// @dev The weights in force, as this handler set them (N, R, SR, SSR).
    uint16[4] private weightsNow = [uint16(1), 2, 4, 8];
    uint256 public neededNow;

    mapping(address account => uint256 weight) public ghostWeight;
    mapping(uint256 nodeId => uint256 staked) public ghostStaked;
    mapping(uint256 nodeId => mapping(address voter => uint256 amount)) public ghostVotes;
    /// @dev Each must stay 0: an owner action that moved escrowed NFTs or ETRO.
    uint256 public ghostOwnerTheft;
    uint256 public creates;
    uint256 public joins;
    uint256 public closes;
    uint256 public closesWithMembers;
    uint256 public nftsReturned;
    /// @dev Each must stay 0: a master that closed a node with members before its announced time.
    uint256 public ghostEarlyCloses;

    constructor(EternoNodes nodes_, address[] memory users_) {
        nodes = nodes_;
        nft = nodes_.NFT();
        etro = nodes_.ETRO();
        users = users_;
        (neededNow,,) = nodes_.parameters();
    }

    function userCount() external view returns (uint256) {
        return users.length;
    }

    // ------------------------------------------------------------ users

    function create(uint256 userSeed, uint256 tokenSeed, uint256 shareSeed) external {
        address user = _pickUser(userSeed);
        if (nft.balanceOf(user) == 0) return;
        uint256 tokenId = _pickToken(user, tokenSeed, 1);
        (, uint256 maxShare,) = nodes.parameters();
        uint256 share = bound(shareSeed, 0, maxShare + 1);
        EternoNft.Info memory info = nft.infoOf(tokenId);
        (uint256 current,) = nodes.membershipOf(user);
        bytes memory expected = share > maxShare
            ? abi.encodeWithSelector(EternoNodes.ShareTooHigh.selector, share, maxShare)
            : current != 0
                ? abi.encodeWithSelector(EternoNodes.AlreadyInNode.selector, user, current)
                : info.kind != 1
                    ? abi.encodeWithSelector(EternoNodes.WrongNftKind.selector, tokenId, info.kind, 1)
                    : info.rarity == 0
                        ? abi.encodeWithSelector(EternoNodes.NftNotRevealed.selector, tokenId)
                        : bytes("");
        uint256 next = nodes.nodeCount() + 1;
        vm.prank(user);
        try nodes.createNode(tokenId, "Node", "Invariant node", share) returns (uint256 nodeId) {
            require(expected.length == 0, "create accepted against the prediction");
            require(nodeId == next, "sequential id");
            ghostWeight[user] = weightsNow[info.rarity - 1];
            ghostStaked[nodeId] = neededNow;
            creates++;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "create refused for another reason");
        }
    }

    function join(uint256 userSeed, uint256 nodeSeed, uint256 tokenSeed) external {
        address user = _pickUser(userSeed);
        if (nft.balanceOf(user) == 0) return;
        uint256 tokenId = _pickToken(user, tokenSeed, 0);
        uint256 nodeId = _pickNode(nodeSeed);
        EternoNft.Info memory info = nft.infoOf(tokenId);
        (uint256 current,) = nodes.membershipOf(user);
        bytes memory expected = _nodeRefusal(nodeId, true);
        if (expected.length == 0) {
            expected = current != 0
                ? abi.encodeWithSelector(EternoNodes.AlreadyInNode.selector, user, current)
                : info.kind != 0
                    ? abi.encodeWithSelector(EternoNodes.WrongNftKind.selector, tokenId, info.kind, 0)
                    : info.rarity == 0
                        ? abi.encodeWithSelector(EternoNodes.NftNotRevealed.selector, tokenId)
                        : bytes("");
        }
        vm.prank(user);
        try nodes.joinNode(nodeId, tokenId) {
            require(expected.length == 0, "join accepted against the prediction");
            ghostWeight[user] = weightsNow[info.rarity - 1];
            joins++;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "join refused for another reason");
        }
    }

    function edit(uint256 userSeed, uint256 nodeSeed, uint256 shareSeed) external {
        uint256 count = nodes.nodeCount();
        if (count == 0) return;
        uint256 nodeId = nodeSeed % count + 1;
        IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
        // Mostly the master; sometimes another user.
        address user = userSeed % 4 == 0 ? users[userSeed % users.length] : n.master;
        (, uint256 maxShare,) = nodes.parameters();
        uint256 share = bound(shareSeed, 0, maxShare + 1);
        bytes memory expected = _nodeRefusal(nodeId, true);
        if (expected.length == 0) {
            expected = user != n.master
                ? abi.encodeWithSelector(EternoNodes.NotMaster.selector, nodeId, user)
                : share > maxShare
                    ? abi.encodeWithSelector(EternoNodes.ShareTooHigh.selector, share, maxShare)
                    : bytes("");
        }
        vm.prank(user);
        try nodes.editNode(nodeId, "Edited", "", share) {
            require(expected.length == 0, "edit accepted against the prediction");
            require(nodes.nodeOf(nodeId).shareBps == share, "share stored");
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "edit refused for another reason");
        }
    }

    function quit(uint256 userSeed, uint256 nodeSeed) external {
        address user = users[userSeed % users.length];
        (uint256 current, uint256 tokenId) = nodes.membershipOf(user);
        uint256 nodeId = current != 0 && nodeSeed % 4 != 0 ? current : nodeSeed % (nodes.nodeCount() + 2);
        bytes memory expected;
        bool master;
        uint256 members;
        uint256 closeAt;
        if (current != nodeId || nodeId == 0) {
            expected = nodeId == 0 || nodeId > nodes.nodeCount()
                ? abi.encodeWithSelector(EternoNodes.UnknownNode.selector, nodeId)
                : abi.encodeWithSelector(EternoNodes.NotInNode.selector, nodeId, user);
        } else {
            IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
            master = n.master == user;
            members = n.members;
            closeAt = n.closeAt;
            if (master && members != 0) {
                if (closeAt == 0) {
                    expected = abi.encodeWithSelector(EternoNodes.NodeHasMembers.selector, nodeId, members);
                } else if (block.timestamp < closeAt) {
                    expected =
                        abi.encodeWithSelector(EternoNodes.CloseNotDue.selector, nodeId, closeAt, block.timestamp);
                }
            }
        }
        uint256 etroBefore = etro.balanceOf(user);
        vm.prank(user);
        try nodes.quitNode(nodeId) {
            require(expected.length == 0, "quit accepted against the prediction");
            require(nft.ownerOf(tokenId) == user, "NFT back");
            uint256 back = master ? ghostStaked[nodeId] : 0;
            require(etro.balanceOf(user) - etroBefore == back, "the stake made comes back");
            if (master) {
                closes++;
                if (members != 0) closesWithMembers++;
                if (members != 0 && (closeAt == 0 || block.timestamp < closeAt)) ghostEarlyCloses++;
                require(nodes.nodeOf(nodeId).members == members, "a close leaves the members' NFTs to return");
            }
            ghostWeight[user] = 0;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "quit refused for another reason");
        }
    }

    /// @dev Mostly the master of an open node announces its close; sometimes someone else, or twice.
    function announceClose(uint256 userSeed, uint256 nodeSeed) external {
        uint256 count = nodes.nodeCount();
        if (count == 0) return;
        uint256 nodeId = nodeSeed % count + 1;
        IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
        address user = userSeed % 4 == 0 ? users[userSeed % users.length] : n.master;
        bytes memory expected = _nodeRefusal(nodeId, true);
        if (expected.length == 0 && user != n.master) {
            expected = abi.encodeWithSelector(EternoNodes.NotMaster.selector, nodeId, user);
        }
        uint256 notice = nodes.closeNotice();
        vm.prank(user);
        try nodes.announceClose(nodeId) {
            require(expected.length == 0, "announce accepted against the prediction");
            require(nodes.nodeOf(nodeId).closeAt == block.timestamp + notice, "due after the notice in force");
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "announce refused for another reason");
        }
    }

    function cancelClose(uint256 userSeed, uint256 nodeSeed) external {
        uint256 count = nodes.nodeCount();
        if (count == 0) return;
        uint256 nodeId = nodeSeed % count + 1;
        IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
        address user = userSeed % 4 == 0 ? users[userSeed % users.length] : n.master;
        bytes memory expected = !n.open
            ? abi.encodeWithSelector(EternoNodes.NodeNotOpen.selector, nodeId)
            : user != n.master
                ? abi.encodeWithSelector(EternoNodes.NotMaster.selector, nodeId, user)
                : n.closeAt == 0 ? abi.encodeWithSelector(EternoNodes.CloseNotAnnounced.selector, nodeId) : bytes("");
        vm.prank(user);
        try nodes.cancelClose(nodeId) {
            require(expected.length == 0, "cancel accepted against the prediction");
            require(nodes.nodeOf(nodeId).closeAt == 0, "no close announced");
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "cancel refused for another reason");
        }
    }

    /// @dev Anyone returns the NFTs of a node's members (every user listed: non-members are skipped).
    function returnNfts(uint256 callerSeed, uint256 nodeSeed) external {
        uint256 count = nodes.nodeCount();
        if (count == 0) return;
        uint256 nodeId = nodeSeed % count + 1;
        IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
        uint256[] memory tokens = new uint256[](users.length);
        uint256 expectedBack;
        for (uint256 i = 0; i < users.length; i++) {
            (uint256 inNode, uint256 tokenId) = nodes.membershipOf(users[i]);
            if (inNode == nodeId && users[i] != n.master) {
                tokens[i] = tokenId;
                expectedBack++;
            }
        }
        bytes memory expected = n.open ? abi.encodeWithSelector(EternoNodes.NodeStillOpen.selector, nodeId) : bytes("");
        vm.prank(users[callerSeed % users.length]);
        try nodes.returnNfts(nodeId, users) {
            require(expected.length == 0, "return accepted against the prediction");
            for (uint256 i = 0; i < users.length; i++) {
                if (tokens[i] == 0) continue;
                require(nft.ownerOf(tokens[i]) == users[i], "the member's NFT back to the member");
                ghostWeight[users[i]] = 0;
            }
            require(nodes.nodeOf(nodeId).members == n.members - expectedBack, "members counted down");
            nftsReturned += expectedBack;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "return refused for another reason");
        }
    }

    /// @dev The master of a node with an announced close tries to close it at its due time (or one second
    ///      before, refused): time moves to it first, so closes with members in are reached.
    function closeWhenDue(uint256 nodeSeed, bool early) external {
        uint256 count = nodes.nodeCount();
        for (uint256 i = 0; i < count; ++i) {
            uint256 nodeId = (nodeSeed % count + i) % count + 1;
            IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
            if (!n.open || n.closeAt == 0) continue;
            uint256 target = early ? n.closeAt - 1 : n.closeAt;
            if (block.timestamp < target) vm.warp(target);
            for (uint256 u = 0; u < users.length; ++u) {
                // quit() with a seed that is 1 mod 4 picks the user's own node.
                if (users[u] == n.master) this.quit(u, 1);
            }
            return;
        }
    }

    /// @dev Time passes (up to 10 days), so announced closes fall due.
    function wait(uint256 secondsSeed) external {
        vm.warp(block.timestamp + bound(secondsSeed, 1, 10 days));
    }

    function vote(uint256 userSeed, uint256 nodeSeed, uint256 amount) external {
        address user = users[userSeed % users.length];
        uint256 nodeId = _pickNode(nodeSeed);
        // Keep 100,000 ETRO aside so a user can always pay the needed ETRO (at most 50,000 here).
        uint256 balance = etro.balanceOf(user);
        amount = bound(amount, 0, balance > 100_000e18 ? (balance - 100_000e18) / 10 : 0);
        bytes memory expected =
            amount == 0 ? abi.encodeWithSelector(EternoNodes.ZeroAmount.selector) : _nodeRefusal(nodeId, true);
        vm.prank(user);
        try nodes.vote(nodeId, amount) {
            require(expected.length == 0, "vote accepted against the prediction");
            ghostVotes[nodeId][user] += amount;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "vote refused for another reason");
        }
    }

    function unvote(uint256 userSeed, uint256 nodeSeed, uint256 amount) external {
        address user = users[userSeed % users.length];
        uint256 nodeId = nodeSeed % (nodes.nodeCount() + 2);
        uint256 stake = ghostVotes[nodeId][user];
        amount = bound(amount, 0, stake + 1);
        bytes memory expected =
            amount == 0 ? abi.encodeWithSelector(EternoNodes.ZeroAmount.selector) : _nodeRefusal(nodeId, false);
        if (expected.length == 0 && amount > stake) {
            expected = abi.encodeWithSelector(EternoNodes.InsufficientVotes.selector, nodeId, amount, stake);
        }
        uint256 before = etro.balanceOf(user);
        vm.prank(user);
        try nodes.unvote(nodeId, amount) {
            require(expected.length == 0, "unvote accepted against the prediction");
            require(etro.balanceOf(user) - before == amount, "the votes come back");
            ghostVotes[nodeId][user] = stake - amount;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "unvote refused for another reason");
        }
    }

    /// @dev A user hands one of its NFTs to another (NFTs circulate between users outside the nodes).
    function giveNft(uint256 fromSeed, uint256 toSeed, uint256 tokenSeed) external {
        address from = users[fromSeed % users.length];
        address to = users[toSeed % users.length];
        uint256 balance = nft.balanceOf(from);
        if (balance == 0 || from == to) return;
        uint256 tokenId = nft.tokenOfOwnerByIndex(from, tokenSeed % balance);
        vm.prank(from);
        nft.transferFrom(from, to, tokenId);
    }

    // ------------------------------------------------------------ owner

    function setParameters(uint256 needed, uint256 maxShare, uint256 weightSeed) external {
        needed = bound(needed, 1, 50_000e18);
        maxShare = bound(maxShare, 0, nodes.MAX_SHARE_BPS_CAP());
        uint16[4] memory w;
        uint256 previous = 1;
        for (uint256 i = 0; i < 4; ++i) {
            // forge-lint: disable-next-line(unsafe-typecast)
            w[i] = uint16(bound(weightSeed >> (16 * i), previous, previous * 3 > 1000 ? 1000 : previous * 3));
            previous = w[i];
        }
        nodes.setParameters(needed, maxShare, w);
        neededNow = needed;
        weightsNow = w;
    }

    function setCloseNotice(uint256 notice) external {
        notice = bound(notice, 0, 31 days);
        if (notice < nodes.MIN_CLOSE_NOTICE() || notice > nodes.MAX_CLOSE_NOTICE()) {
            vm.expectRevert(abi.encodeWithSelector(EternoNodes.InvalidCloseNotice.selector, notice));
            nodes.setCloseNotice(notice);
            return;
        }
        nodes.setCloseNotice(notice);
    }

    /// @dev The owner tries to move the escrow (an NFT it holds, ETRO it holds): it must fail.
    function ownerTakesEscrow(uint256 tokenSeed) external {
        uint256 held = nft.balanceOf(address(nodes));
        if (held != 0) {
            uint256 tokenId = nft.tokenOfOwnerByIndex(address(nodes), tokenSeed % held);
            try nft.transferFrom(address(nodes), sink, tokenId) {
                ghostOwnerTheft++;
            } catch {}
        }
        uint256 balance = etro.balanceOf(address(nodes));
        if (balance != 0) {
            try etro.transferFrom(address(nodes), sink, 1) returns (bool) {
                ghostOwnerTheft++;
            } catch {}
        }
    }

    // ------------------------------------------------------------ helpers

    /// @dev Mostly a user in no node (so creates and joins can succeed), sometimes any user.
    function _pickUser(uint256 seed) private view returns (address) {
        uint256 count = users.length;
        if (seed % 4 != 0) {
            for (uint256 i = 0; i < count; ++i) {
                address user = users[(seed % count + i) % count];
                (uint256 nodeId,) = nodes.membershipOf(user);
                if (nodeId == 0) return user;
            }
        }
        return users[seed % count];
    }

    /// @dev Mostly one of `user`'s revealed NFTs of `kind`, sometimes any of its NFTs (a refusal).
    function _pickToken(address user, uint256 seed, uint8 kind) private view returns (uint256) {
        uint256 balance = nft.balanceOf(user);
        if (seed % 4 != 0) {
            for (uint256 i = 0; i < balance; ++i) {
                uint256 tokenId = nft.tokenOfOwnerByIndex(user, (seed % balance + i) % balance);
                EternoNft.Info memory info = nft.infoOf(tokenId);
                if (info.kind == kind && info.rarity != 0) return tokenId;
            }
        }
        return nft.tokenOfOwnerByIndex(user, seed % balance);
    }

    /// @dev Mostly an open node, sometimes any id from 0 to nodeCount + 1 (unknown or closed: a refusal).
    function _pickNode(uint256 seed) private view returns (uint256) {
        uint256 count = nodes.nodeCount();
        if (seed % 4 != 0) {
            for (uint256 i = 0; i < count; ++i) {
                uint256 nodeId = (seed % count + i) % count + 1;
                if (nodes.nodeOf(nodeId).open) return nodeId;
            }
        }
        return seed % (count + 2);
    }

    /// @dev The refusal of an action on `nodeId` that needs it known (and open with no close announced when
    ///      `open`), or "".
    function _nodeRefusal(uint256 nodeId, bool open) private view returns (bytes memory) {
        if (nodeId == 0 || nodeId > nodes.nodeCount()) {
            return abi.encodeWithSelector(EternoNodes.UnknownNode.selector, nodeId);
        }
        IEternoNodes.Node memory n = nodes.nodeOf(nodeId);
        if (open && !n.open) {
            return abi.encodeWithSelector(EternoNodes.NodeNotOpen.selector, nodeId);
        }
        if (open && n.closeAt != 0) {
            return abi.encodeWithSelector(EternoNodes.NodeClosing.selector, nodeId, n.closeAt);
        }
        return "";
    }
}
