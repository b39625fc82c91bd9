// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoToken} from "../src/EternoToken.sol";
import {LockLedger} from "../src/LockLedger.sol";
import {LockLedgerHandler} from "./handlers/LockLedgerHandler.sol";
import {InvariantTest} from "./utils/InvariantTest.sol";
import {Test} from "./utils/Test.sol";

/// @notice Invariants of the lock ledger under random credits of both kinds, revocable credits, revocations,
///         claims (all or a subset of streams), owner actions (claim fees, fee receiver, writer proposals and
///         removals, the stake writer removed and re-added) and time.
contract LockLedgerInvariantTest is Test, InvariantTest {
    EternoToken private etro;
    LockLedger private ledger;
    LockLedgerHandler private handler;

    function setUp() public {
        vm.warp(10 days);
        etro = new EternoToken("ETERNO", "ETRO", 100_000_000e18, address(this));
        ledger = new LockLedger(etro, address(this));
        handler = new LockLedgerHandler(ledger, etro, address(this));
        ledger.setupWriter(handler.SWAP_WRITER(), LockLedger.Kind.Swap);
        ledger.setupWriter(handler.STAKE_WRITER(), LockLedger.Kind.Stake);
        ledger.setFeeReceiver(handler.receivers(0));
        require(etro.transfer(address(handler), 90_000_000e18), "fund handler");

        bytes4[] memory selectors = new bytes4[](10);
        selectors[0] = LockLedgerHandler.credit.selector;
        selectors[1] = LockLedgerHandler.creditRevocable.selector;
        selectors[2] = LockLedgerHandler.claim.selector;
        selectors[3] = LockLedgerHandler.claimSubset.selector;
        selectors[4] = LockLedgerHandler.warp.selector;
        selectors[5] = LockLedgerHandler.revoke.selector;
        selectors[6] = LockLedgerHandler.setClaimFees.selector;
        selectors[7] = LockLedgerHandler.setFeeReceiver.selector;
        selectors[8] = LockLedgerHandler.manageSpareWriter.selector;
        selectors[9] = LockLedgerHandler.manageStakeWriter.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        targetContract(address(handler));
    }

    function invariant_ClaimedLeReleasedLeCreditedAndFollowsTheEntries() public view {
        for (uint256 i = 0; i < handler.userCount(); i++) {
            address user = handler.users(i);
            uint256 released = ledger.released(user);
            assertLe(ledger.claimed(user), released, "claimed <= released");
            assertLe(released, ledger.credited(user), "released <= credited");
            assertEq(released, handler.ghostReleased(user), "released follows the entries' schedules");
            (uint256 swapReleased, uint256 stakeReleased) = ledger.releasedByKind(user);
            (uint256 ghostSwap, uint256 ghostStake) = handler.ghostReleasedByKind(user);
            assertEq(swapReleased, ghostSwap, "released swap purchases");
            assertEq(stakeReleased, ghostStake, "released staking rewards");
            assertEq(ledger.credited(user), handler.ghostCredited(user), "credited == credits - revoked remainders");
            assertEq(ledger.claimed(user), handler.ghostClaimed(user), "claimed == what the user's claims took");
            assertEq(etro.balanceOf(user), handler.ghostReceived(user), "the user holds what claims paid less fees");
            (uint256 creditedAmount, uint256 releasedAmount, uint256 claimedAmount) = ledger.summaryOf(user);
            assertEq(creditedAmount - releasedAmount, ledger.locked(user), "locked = credited - released");
            assertEq(releasedAmount - claimedAmount, ledger.claimable(user), "claimable = released - claimed");
        }
    }

    function invariant_NeverOwesMoreThanItHolds() public view {
        uint256 credited;
        uint256 claimed;
        for (uint256 i = 0; i < handler.userCount(); i++) {
            credited += ledger.credited(handler.users(i));
            claimed += ledger.claimed(handler.users(i));
        }
        assertEq(uint256(ledger.totalCredited()), credited, "totalCredited is the users' sum");
        assertEq(uint256(ledger.totalClaimed()), claimed, "totalClaimed is the users' sum");
        assertEq(uint256(ledger.totalClaimed()), handler.ghostTotalClaimed(), "claimed out == totalClaimed");
        assertEq(
            etro.balanceOf(handler.receivers(0)) + etro.balanceOf(handler.receivers(1)), handler.ghostTotalFees(), "fee receivers"
        );
        assertEq(ledger.totalRevoked(), handler.ghostRevoked(), "revoked == returned to writers");
        assertGe(
            etro.balanceOf(address(ledger)),
            uint256(ledger.totalCredited()) - ledger.totalClaimed(),
            "balance covers what is owed"
        );
    }

    /// @dev The handler really ran: credits or owner actions happened (checked after each run).
    function afterInvariant() external view {
        assertGt(handler.credits() + handler.ownerActions(), 0, "the handler acted");
    }
}
